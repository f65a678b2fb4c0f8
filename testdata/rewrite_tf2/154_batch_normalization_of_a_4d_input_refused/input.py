# tf.layers.batch_normalization over a conv2d's 4-D output is refused: TF1's layer takes the
# fused kernel there, which moves the moving variance toward the unbiased batch variance
# (n / (n - 1) times the biased one); Keras's BatchNormalization moves it toward the biased.
import numpy as np
import tensorflow as tf

tf.set_random_seed(5)
images = np.random.RandomState(1).rand(4, 6, 6, 1).astype(np.float32)
labels_np = np.eye(2, dtype=np.float32)[[0, 1, 1, 0]]

x = tf.placeholder(tf.float32, [None, 6, 6, 1])
y = tf.placeholder(tf.float32, [None, 2])
training = tf.placeholder(tf.bool, [])
conv = tf.layers.conv2d(x, 3, 3, padding="same")
conv = tf.layers.batch_normalization(conv, training=training)
conv = tf.nn.relu(conv)
flat = tf.layers.flatten(conv)
logits = tf.layers.dense(flat, 2)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(5):
        _, value = sess.run([train, loss], {x: images, y: labels_np, training: True})
        print(step, round(float(value), 5))
    print(np.round(sess.run(logits, {x: images, training: False}), 4))

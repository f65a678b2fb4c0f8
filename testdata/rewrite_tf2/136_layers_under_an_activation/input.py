# tf.layers calls under an elementwise activation (`h = tf.nn.relu(tf.layers.dense(x, 16))`,
# as many tutorials stack them): the layer is a Keras layer made once where the statement
# was, built for its input there; the functions call it under the activation.
import numpy as np
import tensorflow as tf

tf.set_random_seed(4)
images = tf.placeholder(tf.float32, [None, 6, 6, 1])
labels = tf.placeholder(tf.int64, [None])
conv = tf.nn.relu(tf.layers.conv2d(images, 4, 3, padding="same"))
pool = tf.layers.max_pooling2d(conv, 2, 2)
flat = tf.layers.flatten(pool)
hidden = tf.tanh(tf.layers.dense(flat, 16))
logits = tf.layers.dense(hidden, 3)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

rng = np.random.RandomState(0)
xs = rng.rand(5, 6, 6, 1).astype(np.float32)
ys = rng.randint(0, 3, 5)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        _, l = sess.run([train, loss], feed_dict={images: xs, labels: ys})
        print(step, l)
    print(sess.run(hidden, feed_dict={images: xs[:1]})[0, :4])

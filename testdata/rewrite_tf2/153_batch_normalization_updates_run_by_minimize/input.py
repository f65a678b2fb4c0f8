# tf.layers.batch_normalization between dense layers, its moving statistics updated by the
# UPDATE_OPS the training op depends on, and a bool placeholder choosing batch or moving
# statistics. The layer becomes a Keras BatchNormalization made once and built for its
# input's width; the flag a bool argument and the call a cond of it (batch statistics and
# the moving averages' update while training, the moving statistics otherwise). TF1's
# 2-D batch norm is not fused: both move the moving variance toward the biased variance.
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
rng = np.random.RandomState(0)
features = rng.randn(16, 3).astype(np.float32) * 4.0 + 1.0
targets = np.sin(features.sum(axis=1, keepdims=True)).astype(np.float32)

inputs = tf.placeholder(tf.float32, [None, 3])
labels = tf.placeholder(tf.float32, [None, 1])
training = tf.placeholder(tf.bool, [])
hidden = tf.layers.dense(inputs, 8, use_bias=False)
hidden = tf.layers.batch_normalization(hidden, momentum=0.9, training=training)
hidden = tf.nn.relu(hidden)
output = tf.layers.dense(hidden, 1)
loss = tf.losses.mean_squared_error(labels, output)
update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    train = tf.train.AdamOptimizer(0.02).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(40):
        _, value = sess.run([train, loss], {inputs: features, labels: targets, training: True})
        if step % 10 == 0:
            print(step, round(float(value), 5))
    print(np.round(sess.run(output, {inputs: features[:4], training: False}), 4))

# A shared random op made after a helper whose AUTO_REUSE scope makes layers was first
# called: TF1 made the layer's variables before the op; TF2 builds the layer after the
# generators of the shared random ops (made before the functions), so the two would draw
# in another order. Refused, with the op's line.
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")


def generator(z):
    with tf.compat.v1.variable_scope("gen", reuse=tf.compat.v1.AUTO_REUSE):
        return tf.compat.v1.layers.dense(z, 2)


z = tf.random.normal([8, 3])
fake = generator(z)
real = tf.random.normal([8, 2], mean=1.0)
gap = tf.reduce_mean(real) - tf.reduce_mean(fake)
g_step = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(tf.square(gap))

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for _ in range(3):
        sess.run(g_step)
    print(sess.run(gap))

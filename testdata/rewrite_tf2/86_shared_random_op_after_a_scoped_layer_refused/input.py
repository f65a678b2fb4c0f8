# A shared random op made after a helper whose AUTO_REUSE scope makes layers was first
# called: TF1 made the layer's variables before the op; TF2 builds the layer after the
# generators of the shared random ops (made before the functions), so the two would draw
# in another order. Refused, with the op's line.
import tensorflow as tf


def generator(z):
    with tf.variable_scope("gen", reuse=tf.AUTO_REUSE):
        return tf.layers.dense(z, 2)


z = tf.random_normal([8, 3])
fake = generator(z)
real = tf.random_normal([8, 2], mean=1.0)
gap = tf.reduce_mean(real) - tf.reduce_mean(fake)
g_step = tf.train.GradientDescentOptimizer(0.1).minimize(tf.square(gap))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(3):
        sess.run(g_step)
    print(sess.run(gap))

# Two parts, each after a reset of the default graph, each with its session made first, its
# own graph seed and its own `feed_dict = {...}` (the same name, bound again): the reset
# discards the first seed, but the second part sets its own before it draws anything, so
# TF2's global seed (set again there) is what each part's draws see; each part's named feed
# is its own.
import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops

ops.reset_default_graph()
sess = tf.Session()
tf.set_random_seed(3)
a = tf.placeholder(tf.float32, shape=[3])
scale = tf.Variable(tf.random_normal([3], seed=1), name="scale")
b = a * scale
sess.run(tf.global_variables_initializer())
feed_dict = {a: np.ones(3, np.float32)}
print(sess.run(b, feed_dict=feed_dict))

ops.reset_default_graph()
sess = tf.Session()
tf.set_random_seed(5)
c = tf.placeholder(tf.float32, shape=[2, 2])
w = tf.Variable(tf.random_uniform([2, 2], seed=2), name="w")
d = tf.matmul(c, w)
sess.run(tf.global_variables_initializer())
feed_dict = {c: np.eye(2, dtype=np.float32)}
print(sess.run(d, feed_dict=feed_dict))
print(sess.run(tf.reduce_sum(d), feed_dict=feed_dict))

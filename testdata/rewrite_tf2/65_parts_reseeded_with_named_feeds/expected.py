# Two parts, each after a reset of the default graph, each with its session made first, its
# own graph seed and its own `feed_dict = {...}` (the same name, bound again): the reset
# discards the first seed, but the second part sets its own before it draws anything, so
# TF2's global seed (set again there) is what each part's draws see; each part's named feed
# is its own.
import numpy as np
import tensorflow as tf

tf.random.set_seed(3)
scale = tf.Variable(tf.random.normal([3], seed=1), name="scale")


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_b(a):
    b = a * scale
    return b


feed_dict = {"a": np.ones(3, np.float32)}
print(run_b(**feed_dict).numpy())

tf.random.set_seed(5)
w = tf.Variable(tf.random.uniform([2, 2], seed=2), name="w")


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 2], dtype=tf.float32)])
def run_d(c):
    d = tf.matmul(c, w)
    return d


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 2], dtype=tf.float32)])
def run_reduce_sum_d(c):
    d = tf.matmul(c, w)
    return tf.reduce_sum(d)


feed_dict = {"c": np.eye(2, dtype=np.float32)}
print(run_d(**feed_dict).numpy())
print(run_reduce_sum_d(**feed_dict).numpy())

# A cond's branches written as defs (`def f1(): return ...`) instead of lambdas: each builds
# ops from graph tensors when the cond calls it, in TF1 into the graph. They are statements
# of the graph: the function that runs the cond defines them, so that they read its tensors
# (left at module level they would read names TF2 no longer has). A def that only TF calls
# are given, with no parameters and one `return` of stateless TF ops; the names it reads
# are not bound again after it (Python reads them when the cond calls it).
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
x = tf.placeholder(tf.float32, [None])
y = tf.constant([1.0, 4.0, 2.0])
average = tf.reduce_mean(x - y)
def f1(): return tf.reduce_mean(tf.square(x - y))
def f2(): return tf.reduce_sum(tf.abs(x - y))
out = tf.cond(average < 0, f1, f2)

with tf.Session() as sess:
    print(sess.run(out, feed_dict={x: np.array([0.0, 1.0, 2.0], np.float32)}))
    print(sess.run(out, feed_dict={x: np.array([3.0, 5.0, 2.0], np.float32)}))

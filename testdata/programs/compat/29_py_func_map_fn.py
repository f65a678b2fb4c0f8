# tf.py_func inside a graph, tf.map_fn and tf.scan.
import numpy as np
import tensorflow as tf


def np_square_plus(x):
    return (x * x + 1).astype(np.float32)


x = tf.placeholder(tf.float32, [None])
sq = tf.py_func(np_square_plus, [x], tf.float32)
mapped = tf.map_fn(lambda v: v * 10.0, x)
scanned = tf.scan(lambda acc, v: acc + v, x, initializer=tf.constant(0.0))
with tf.Session() as sess:
    out = sess.run([sq, mapped, scanned], {x: [1.0, 2.0, 3.0]})
    print([o.tolist() for o in out])

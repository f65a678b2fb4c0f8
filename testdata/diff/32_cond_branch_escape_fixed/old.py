# TF1: a tensor made inside a tf.cond branch is kept in a Python list and used after the
# cond. Control flow v1 inlines the branch into the graph, so this works.
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
captured = []


def true_fn():
    doubled = x * 2.0
    captured.append(doubled)
    return doubled + 1.0


def false_fn():
    return x - 1.0


y = tf.cond(x > 0.0, true_fn, false_fn)
z = captured[0] * 10.0

with tf.Session() as sess:
    for value in [3.0, 0.5]:
        out_y, out_z = sess.run([y, z], feed_dict={x: value})
        print("x", value, "y", out_y, "z", out_z)

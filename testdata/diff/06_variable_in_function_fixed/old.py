# TF1 (guide, pattern 1, example 1): a function that creates a variable, run in a session.
import tensorflow as tf


def f():
    v = tf.Variable(1.0, name="v")
    return v * 3.0


res = f()
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("f", sess.run(res))

# TF1: the step doubles a variable; the Python loop prints each fetched value.
import tensorflow as tf

x = tf.Variable(1.0, name="x")
step = x.assign(x * 2.0)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        val = sess.run(step)
        print("value", val)

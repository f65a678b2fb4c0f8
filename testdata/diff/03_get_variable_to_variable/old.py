# TF1: variables made by tf.get_variable inside variable scopes, shared with reuse=True.
import numpy as np
import tensorflow as tf


def dense(x, units, name):
    with tf.variable_scope(name, reuse=tf.AUTO_REUSE):
        w = tf.get_variable("kernel", [x.shape[1], units], initializer=tf.constant_initializer(0.5))
        b = tf.get_variable("bias", [units], initializer=tf.zeros_initializer())
    return tf.matmul(x, w) + b


x = tf.placeholder(tf.float32, [None, 2])
h = tf.nn.tanh(dense(x, 3, "layer1"))
out = dense(h, 1, "layer2")
out_again = dense(h, 1, "layer2")  # reuses layer2's variables

data = np.array([[1.0, 2.0], [-1.0, 0.5]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    a, b = sess.run([out, out_again], feed_dict={x: data})
    print("out", np.round(a.ravel(), 5).tolist(), "again", np.round(b.ravel(), 5).tolist())
    print("variables", len(tf.global_variables()))

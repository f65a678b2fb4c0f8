# variable_scope / get_variable sharing, AUTO_REUSE and scoped names.
import tensorflow as tf


def layer(x, name):
    with tf.variable_scope(name, reuse=tf.AUTO_REUSE):
        w = tf.get_variable("w", [2, 2], initializer=tf.constant_initializer(0.5))
        b = tf.get_variable("b", [2], initializer=tf.zeros_initializer())
    return tf.matmul(x, w) + b


x = tf.constant([[1.0, 2.0]])
a = layer(x, "shared")
b = layer(a, "shared")
with tf.variable_scope("outer"):
    with tf.variable_scope("inner"):
        c = tf.get_variable("c", [], initializer=tf.ones_initializer())
with tf.variable_scope("outer", reuse=True):
    c2 = tf.get_variable("inner/c")
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("b", sess.run(b).tolist())
    print("same c", c is c2, c.name)
    print("vars", [v.name for v in tf.global_variables()])

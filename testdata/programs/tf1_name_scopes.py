# modes: tf1
# TF graph naming: nested and re-entered name scopes, variable scopes, op name collisions.
import tensorflow as tf

with tf.name_scope("outer"):
    a = tf.constant(1, name="a")
    with tf.name_scope("inner"):
        b = a + 1
    with tf.name_scope("inner"):
        c = a + 2
with tf.name_scope("outer"):
    d = tf.multiply(a, 3)
e = tf.add(a, a)
f = tf.add(a, a, name="Add")
g1 = tf.identity(a, name="outer")
with tf.variable_scope("vs"):
    v = tf.get_variable("v", [], initializer=tf.zeros_initializer())
    h = v * 2.0
    with tf.variable_scope("sub"):
        w = tf.get_variable("w", [1])
print(a.name, b.name, c.name, d.name)
print(e.name, f.name, g1.name)
print(v.name, h.name, w.name)
with tf.name_scope(None):
    k = tf.constant(0, name="top")
print(k.name)

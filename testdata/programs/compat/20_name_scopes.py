# name_scope and variable_scope naming of ops and variables.
import tensorflow as tf

with tf.name_scope("block"):
    a = tf.constant(1.0, name="a")
    with tf.variable_scope("vs"):
        v = tf.get_variable("v", [], initializer=tf.zeros_initializer())
        b = tf.add(a, v, name="b")
with tf.name_scope("block"):
    c = tf.constant(2.0, name="c")
print(a.op.name, b.op.name, c.op.name, v.op.name)
print("scope", tf.get_variable_scope().name == "")
g = tf.get_default_graph()
print("has", g.get_tensor_by_name("block/a:0") is a)

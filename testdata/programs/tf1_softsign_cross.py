# modes: tf1 tf2
# Ops the cookbook's recipes reach (01_Introduction/05_operations, 06_activation_functions):
# tf.cross (TF1; tf.linalg.cross in both) and tf.nn.softsign, with their gradients.
import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
tf1.disable_eager_execution()
a = tf.constant([[1.0, -2.0, 0.5], [3.0, 4.0, -1.0]])
b = tf.constant([[0.5, 2.0, 1.0], [-1.0, 0.0, 2.0]])
c = tf.linalg.cross(a, b)
x = tf.linspace(-10.0, 10.0, 9)
s = tf.nn.softsign(x)
ga, gb = tf1.gradients(tf.reduce_sum(c * tf.constant([1.0, 2.0, 3.0])), [a, b])
(gx,) = tf1.gradients(tf.reduce_sum(tf.math.softsign(x) * x), [x])
with tf1.Session() as sess:
    print(sess.run(tf1.cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0])) if hasattr(tf1, "cross") else None)
    print(c.op.type, s.op.type)
    for t in (c, s, ga, gb, gx):
        print(np.round(sess.run(t), 5).tolist())

# tf.div (Python 2 division: floor division of integers, real division of floats) becomes
# tf.math.floordiv or tf.math.divide where the text shows the kind of number (literals,
# tf.constant, random draws, names bound once before); elsewhere it stays tf.compat.v1.div.
# The v1 softmax_cross_entropy_with_logits is TF2's with the labels' gradient stopped.
import numpy as np
import tensorflow as tf

a = tf.constant(7.0)
b = tf.constant(2.0, name="b")
k = tf.constant([7, -7, 9])
w = tf.Variable(tf.random_normal([3], seed=4))
x = tf.placeholder(tf.float32, [3])
logits = tf.constant([[2.0, -1.0, 0.5], [0.1, 0.2, 0.3]])
labels = tf.constant([[0.0, 1.0, 0.0], [0.25, 0.25, 0.5]])

ints = tf.div(7, -2)
floats = tf.div(a, b, name="half")
vector = tf.div(k, 2)
drawn = tf.div(w, tf.sin(3.0 / 4.0))
unknown = tf.div(x, 2.0)
xent = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits, dim=-1)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([ints, floats, vector]))
    print(sess.run(drawn))
    print(sess.run(unknown, {x: np.array([1.0, 3.0, -5.0], np.float32)}))
    print(sess.run(xent))

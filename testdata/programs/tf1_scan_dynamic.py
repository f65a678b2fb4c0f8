# modes: tf1
# tf.scan / foldl / foldr over a first dimension of unknown size (a placeholder [None, 2]):
# TF's while_loop over TensorArrays, with initializers, reverse, tuple accumulators and gradients.
import numpy as np
import tensorflow as tf
x = tf.placeholder(tf.float32, [None, 2])
v = tf.Variable([[1.0, 0.5]])
s1 = tf.scan(lambda a, e: a * v[0] + e, x)
s2 = tf.scan(lambda a, e: a + tf.reduce_sum(e), x, initializer=tf.constant(0.0), reverse=True)
s3 = tf.scan(lambda a, e: (a[0] + e, a[1] * 2.0), x, initializer=(tf.zeros([2]), tf.constant(1.0)))
f1 = tf.foldl(lambda a, e: a * 2.0 + e, x)
f2 = tf.foldr(lambda a, e: a * 2.0 + e, x, initializer=tf.ones([2]))
g = tf.gradients(tf.reduce_sum(s1) + tf.reduce_sum(f1 * v), v)[0]
print(s1.shape, s2.shape, f1.shape)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    fd = {x: np.array([[1, 2], [3, 4], [0.5, -1]], np.float32)}
    print(sess.run([s1, s2, s3, f1, f2], fd))
    print(sess.run(g, fd))

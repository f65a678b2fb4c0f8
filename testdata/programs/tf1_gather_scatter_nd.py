# modes: tf1
# tf.gather_nd (slices and elements, repeated indices) and tf.scatter_nd (duplicates add up)
# with their gradients.
import numpy as np
import tensorflow as tf
p = tf.Variable(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
a = tf.gather_nd(p, [[0, 1], [1, 2], [0, 1]])
b = tf.gather_nd(p, [[[1, 0, 3]], [[0, 2, 2]]])
s = tf.scatter_nd([[1], [3], [1]], tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), [5, 2])
loss = tf.reduce_sum(a * a) + tf.reduce_sum(b) + tf.reduce_sum(tf.gather_nd(s, [[1, 0]]) * p[0, 0, 0])
g = tf.gradients(loss, p)[0]
print(a.shape, b.shape, s.shape)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([a, b, s]))
    print(sess.run(g))

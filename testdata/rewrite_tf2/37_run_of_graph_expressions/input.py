# sess.run of expressions of graph tensors (`A + B`, `tf.transpose(C)`): each is what its
# function returns. A random op without an op seed converts, run by one function: TF2
# derives another op seed, so its draws differ from TF1's (the summary says so; with
# --deterministic-random both draw the same numbers).
import numpy as np
import tensorflow as tf

sess = tf.Session()
I = tf.eye(3)
A = tf.fill([2, 3], 5.0)
B = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
C = tf.random_uniform([3, 2])
x = tf.placeholder(tf.float32, [3])
print(sess.run(A + B))
print(sess.run(tf.matmul(B, I)))
print(sess.run(tf.reduce_sum(A * x), {x: np.array([1.0, 0.0, -1.0], np.float32)}))
print(np.round(sess.run(tf.transpose(C)), 4))
print(sess.run(-B))

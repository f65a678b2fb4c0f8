# modes: tf1
# tf.pad (zeros and a constant), tf.cumsum (exclusive, reverse) with their gradients, and
# tf.random_shuffle / tf.random.shuffle drawing TF's permutations run after run.
import numpy as np
import tensorflow as tf
tf.set_random_seed(21)
x = tf.Variable(np.arange(12, dtype=np.float32).reshape(3, 4))
p = tf.pad(x, [[1, 0], [2, 1]])
p2 = tf.pad(x, [[0, 0], [1, 1]], constant_values=-1.0)
c1 = tf.cumsum(x, axis=1)
c2 = tf.cumsum(x, axis=0, exclusive=True, reverse=True)
sh = tf.random_shuffle(tf.range(10))
sh2 = tf.random.shuffle(tf.reshape(tf.range(12), [6, 2]), seed=4)
loss = tf.reduce_sum(p * p) + tf.reduce_sum(c1 * c2) + tf.reduce_sum(p2)
g = tf.gradients(loss, x)[0]
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    print(s.run([p, p2]))
    print(s.run([c1, c2]))
    print(s.run(g))
    print(s.run(sh), s.run(sh), s.run(sh2))

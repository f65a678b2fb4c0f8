# Initializers with TF1 defaults (random_normal_initializer stddev=1.0) and seeds.
import numpy as np
import tensorflow as tf

tf.set_random_seed(11)
a = tf.get_variable("a", [500], initializer=tf.random_normal_initializer(seed=1))
b = tf.get_variable("b", [500], initializer=tf.random_uniform_initializer(seed=2))
c = tf.get_variable("c", [20, 30], initializer=tf.glorot_uniform_initializer(seed=3))
d = tf.get_variable("d", [500], initializer=tf.truncated_normal_initializer(stddev=2.0, seed=4))
e = tf.get_variable("e", [3], initializer=tf.constant_initializer([1, 2, 3]))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for name, v in [("a", a), ("b", b), ("c", c), ("d", d), ("e", e)]:
        val = sess.run(v).astype(np.float64)
        print(name, round(val.mean(), 4), round(val.std(), 4), round(val.min(), 4), round(val.max(), 4))

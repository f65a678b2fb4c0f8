# modes: tf1
# compare: shapes-only
# Random ops with graph-level and op-level seeds: shapes, dtypes, ranges, and
# determinism (the same seeds give the same numbers in a fresh graph). Values themselves
# are not compared with TensorFlow (different generators).
import numpy as np
import tensorflow as tf


def sample():
    g = tf.Graph()
    with g.as_default():
        tf.set_random_seed(42)
        n = tf.random_normal([2, 3])
        u = tf.random_uniform([4], minval=-1.0, maxval=1.0)
        t = tf.truncated_normal([100], stddev=1.0)
        k = tf.random_normal([2], seed=7)
        with tf.Session() as sess:
            return sess.run([n, u, t, k]) + [sess.run(n)]


a = sample()
b = sample()
print([x.shape for x in a], [x.dtype for x in a])
print(bool(np.all(a[1] >= -1.0) and np.all(a[1] < 1.0)), bool(np.all(np.abs(a[2]) <= 2.0)))
print(all(np.array_equal(x, y) for x, y in zip(a, b)), bool(np.array_equal(a[0], a[4])))

# modes: tf2
# compare: shapes-only
# tf.random.Generator (stateful; values differ from TF's Philox, so shapes only) eagerly
# and inside tf.function, where every call draws new values.
import tensorflow as tf

g = tf.random.Generator.from_seed(42)
a = g.normal([2, 3])
b = g.uniform([4], minval=0, maxval=10, dtype=tf.int32)
print(a.shape, a.dtype.name, b.shape, b.dtype.name)


@tf.function
def noisy(x):
    return x + g.normal([3])


r1 = noisy(tf.zeros([3]))
r2 = noisy(tf.zeros([3]))
print("different draws per call:", bool(tf.reduce_any(tf.not_equal(r1, r2))))
print(tf.random.get_global_generator().normal([2]).shape)

# modes: tf2
# Seeded random ops under eager execution and tf.function give TensorFlow's numbers: op
# seeds drawn from random.Random(global seed), one generator per op kernel.
import tensorflow as tf

tf.random.set_seed(1234)
print("n1", tf.random.normal([3]))
print("n2", tf.random.normal([3]))
print("seeded", tf.random.uniform([2], seed=7), tf.random.uniform([2], seed=7))
print("tn", tf.random.truncated_normal([5]))
print("int", tf.random.uniform([4], 0, 10, dtype=tf.int32))


@tf.function
def f():
    return tf.random.normal([2]) + tf.random.uniform([2])


print("f", f(), f())
v = tf.Variable(tf.random.normal([2, 2], stddev=0.5))
print("v", v.numpy())
tf.random.set_seed(1234)
print("again", tf.random.normal([3]))

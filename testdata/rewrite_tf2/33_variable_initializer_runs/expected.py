# Variables initialized one by one (`w.initializer.run()` of the InteractiveSession,
# `sess.run(v.initializer)`) as the graph grows: TF2 initializes each where it is made.
import tensorflow as tf


@tf.function
def run_ones():
    ones = tf.ones([3])
    return ones


@tf.function
def run_scaled():
    scaled = tf.matmul(v, w) * 2.0
    return scaled


@tf.function
def run_total():
    ones = tf.ones([3])
    scaled = tf.matmul(v, w) * 2.0
    total = tf.reduce_sum(scaled) + tf.reduce_sum(ones)
    return total


print("ones", run_ones().numpy())
w = tf.Variable(tf.eye(3), name="w")
print("w", w.numpy())
v = tf.Variable([[1.0, 2.0, 3.0]], name="v")
print("scaled", run_scaled().numpy())
print("total", run_total().numpy())

# modes: tf2
# tf.function: Python runs only while tracing; retracing per dtype/shape and Python value.
import numpy as np
import tensorflow as tf


@tf.function
def double(x):
    print("tracing double with", x)
    return x * 2


print(double(tf.constant(1)))
print(double(tf.constant(2)))
print(double(tf.constant(1.5)))
print(double(3))
print(double(3))
print(double(4))
print(double(tf.constant([1, 2])))
print(double.experimental_get_tracing_count())

v = tf.Variable(1.0)


@tf.function
def add_v(x):
    v.assign_add(x)
    return v.read_value()


print(add_v(tf.constant(2.0)), add_v(tf.constant(3.0)))
print(v.numpy())


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def total(x):
    print("tracing total")
    return tf.reduce_sum(x)


print(total(tf.constant([1.0, 2.0])), total(tf.constant([1.0, 2.0, 3.0])))
print(total.experimental_get_tracing_count())


@tf.function
def scaled(x):
    print("tracing scaled")
    return x * 2.0


for i in range(3):  # NumPy arrays and scalars are traced by dtype and shape, Python floats by value
    scaled(np.ones(2, np.float32) * i)
    scaled(np.float32(i))
    scaled(float(i))
print(scaled.experimental_get_tracing_count())

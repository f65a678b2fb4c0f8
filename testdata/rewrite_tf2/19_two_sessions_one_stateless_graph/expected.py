# One graph without state run by two sessions in turn: they are one session for the
# conversion (each would start from the same nothing).
import numpy as np
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[2], dtype=tf.float32)])
def run_c(a):
    b = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    c = tf.matmul(tf.reshape(a, [1, 2]), b)
    return c


@tf.function
def run_b():
    b = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    return b


print("first", run_c(a=np.array([1.0, 0.5], np.float32)).numpy())

print("second", run_c(a=np.array([2.0, -1.0], np.float32)).numpy())
print("b", run_b().numpy().sum())

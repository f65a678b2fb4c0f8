# An InteractiveSession made before the graph, run through `.eval()` (with a feed) and `.run()`
# of the initializer: the default session's runs, as sess.run's.
import numpy as np
import tensorflow as tf


w = tf.Variable([[1.0], [-2.0]])


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_scaled(x):
    scaled = tf.matmul(x, w) * 0.5
    return scaled


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_total(x):
    scaled = tf.matmul(x, w) * 0.5
    total = tf.reduce_sum(scaled)
    return total


@tf.function
def run_I_matrix():
    I_matrix = tf.eye(3)
    return I_matrix


print("scaled", run_scaled(x=np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)).numpy())
print("total", run_total(x=np.ones([4, 2], dtype=np.float32)).numpy())
print("eye", run_I_matrix().numpy())
print("w", w.numpy().tolist())

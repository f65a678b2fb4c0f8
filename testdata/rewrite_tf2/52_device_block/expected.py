# Ops pinned to devices: a `with tf.device(...)` block that only binds names to graph
# tensors is one statement of the graph, kept in each function that needs its names. The
# session places softly (a GPU the machine lacks is the CPU), as TF2 does by default: its
# setting stays, process-wide.
import numpy as np
import tensorflow as tf
tf.config.set_soft_device_placement(True)


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_total(x):
    with tf.device("/cpu:0"):
        doubled = x * 2.0
    with tf.device("/gpu:1"):
        total = tf.reduce_sum(doubled) + 1.0
        scaled = doubled / total
    return total


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_scaled(x):
    with tf.device("/cpu:0"):
        doubled = x * 2.0
    with tf.device("/gpu:1"):
        total = tf.reduce_sum(doubled) + 1.0
        scaled = doubled / total
    return scaled


print("total", run_total(x=np.array([1.0, 2.0, 3.0], np.float32)).numpy())
print("scaled", run_scaled(x=np.array([0.5, 0.5, 1.0], np.float32)).numpy())

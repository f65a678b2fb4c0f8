# Ops pinned to devices: a `with tf.device(...)` block that only binds names to graph
# tensors is one statement of the graph, kept in each function that needs its names. The
# session places softly (a GPU the machine lacks is the CPU), as TF2 does by default: its
# setting stays, process-wide.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [3])
with tf.device("/cpu:0"):
    doubled = x * 2.0
with tf.device("/gpu:1"):
    total = tf.reduce_sum(doubled) + 1.0
    scaled = doubled / total
sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
print("total", sess.run(total, {x: np.array([1.0, 2.0, 3.0], np.float32)}))
print("scaled", sess.run(scaled, {x: np.array([0.5, 0.5, 1.0], np.float32)}))
sess.close()

# A `with tf.name_scope(...)` block that builds part of the graph (names bound to tensors,
# one of them rebound, a helper called): one statement of the graph, kept in each function
# that needs one of its names, where TF2's tf.name_scope names the ops as TF1's did.
import numpy as np
import tensorflow as tf


def affine(x, scale):
    w = tf.constant([[1.0, -2.0], [0.5, 3.0]])
    return tf.matmul(x, w) * scale


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_out(x):
    h = tf.nn.relu(x)
    with tf.name_scope("layer") as scope:
        h = affine(h, 2.0)
        out = tf.sigmoid(h)
    return out


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_total(x):
    h = tf.nn.relu(x)
    with tf.name_scope("layer") as scope:
        h = affine(h, 2.0)
        out = tf.sigmoid(h)
    total = tf.reduce_sum(out)
    return total


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_h(x):
    h = tf.nn.relu(x)
    with tf.name_scope("layer") as scope:
        h = affine(h, 2.0)
        out = tf.sigmoid(h)
    return h


feed = np.array([[1.0, 2.0], [-1.0, 0.5]], np.float32)
print(run_out(x=feed).numpy())
print(run_total(x=feed).numpy())
print(run_h(x=feed).numpy())

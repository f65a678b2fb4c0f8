# Comment lines right above a graph op's statement go where the statement goes (into each
# function that computes it); those above a variable or a placeholder stay, as do comments
# set apart by a blank line (they head a part of the script).
import numpy as np
import tensorflow as tf

# inputs
# the weights, made once
W = tf.Variable(tf.ones([2, 1]))

# ---- the model ----


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_m(x):
    # a linear map
    y = tf.matmul(x, W)
    # its mean, and its spread
    m = tf.reduce_mean(y)
    return m


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_s(x):
    # a linear map
    y = tf.matmul(x, W)
    # its mean, and its spread
    m = tf.reduce_mean(y)
    s = tf.reduce_mean(tf.square(y - m))  # (population variance)
    return s


# evaluate
print(run_m(x=np.ones([3, 2], np.float32)).numpy())
print(run_s(x=np.array([[1.0, 0.0], [0.0, 3.0]], np.float32)).numpy())

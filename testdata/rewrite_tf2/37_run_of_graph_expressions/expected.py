# sess.run of expressions of graph tensors (`A + B`, `tf.transpose(C)`): each is what its
# function returns. A random op without an op seed converts, run by one function: TF2
# derives another op seed, so its draws differ from TF1's (the summary says so; with
# --deterministic-random both draw the same numbers).
import numpy as np
import tensorflow as tf


@tf.function
def run_A_B():
    A = tf.fill([2, 3], 5.0)
    B = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return A + B


@tf.function
def run_matmul_B_I():
    I = tf.eye(3)
    B = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return tf.matmul(B, I)


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_reduce_sum_A_x(x):
    A = tf.fill([2, 3], 5.0)
    return tf.reduce_sum(A * x)


@tf.function
def run_transpose_C():
    C = tf.random.uniform([3, 2])
    return tf.transpose(C)


@tf.function
def run_B():
    B = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return -B


print(run_A_B().numpy())
print(run_matmul_B_I().numpy())
print(run_reduce_sum_A_x(x=np.array([1.0, 0.0, -1.0], np.float32)).numpy())
print(np.round(run_transpose_C().numpy(), 4))
print(run_B().numpy())

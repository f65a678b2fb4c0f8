# Graph tensors printed before the session (the tutorials' "no result yet" line): TF1
# prints each symbolic tensor, its graph name, static shape and dtype. TF2 prints the same
# text for a tensor of the graph a tf.function traces: the prints move into the function
# the session runs first, after the statement that makes the tensor, and print once, when
# it is traced (it has an input signature: no retracing). The function makes every op the
# TF1 graph made before the printed tensors, in order, so they get TF1's names. The
# suppression keeps TFM405 from making them a tf.print (the value, on every call).
import numpy as np
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 2], dtype=tf.float32)])
def run_z(x):
    w = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.matmul(x, w)
    z = tf.nn.relu(y - 5.0)
    print("y is", y)  # tfmigrate: ignore[TFM405]
    print(z)  # no value yet  # tfmigrate: ignore[TFM405]
    return z


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 2], dtype=tf.float32)])
def run_y(x):
    w = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.matmul(x, w)
    return y


print(run_z(x=np.eye(2, dtype=np.float32)).numpy())
print(run_y(x=np.ones([2, 2], dtype=np.float32)).numpy())

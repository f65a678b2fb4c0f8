# Static shapes printed before the values (the tutorial shape): TF1 infers them while the
# graph is built, from the placeholder's shape. TF2 keeps them too: a fetched tensor's is
# its function's output shape (traced for the placeholder's TensorSpec, the same
# inference), a placeholder's is its TensorSpec's, a variable's is its own.
import numpy as np
import tensorflow as tf

kernel = tf.Variable(tf.ones([3, 1, 1]))


def conv(inputs, k):
    return tf.squeeze(tf.nn.conv1d(tf.expand_dims(inputs, 2), k, stride=1, padding="VALID"))


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 6], dtype=tf.float32)])
def run_y(x):
    y = conv(x, kernel)
    return y


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 6], dtype=tf.float32)])
def run_pooled(x):
    y = conv(x, kernel)
    pooled = tf.reduce_max(y, axis=1)
    return pooled


feed = {"x": np.arange(12, dtype=np.float32).reshape(2, 6)}
print("input", run_y.input_signature[0].shape.as_list(), "kernel", kernel.get_shape().as_list())
print("conv", run_y.get_concrete_function().output_shapes.as_list(), run_y.get_concrete_function().output_shapes[1])
print(run_y(**feed).numpy())
print("pooled", run_pooled.get_concrete_function().output_shapes)
print(run_pooled(**feed).numpy())

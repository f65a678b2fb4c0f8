# TF2, the guide's fix: shape elements are used directly, without .value.
import numpy as np
import tensorflow as tf

spec = tf.TensorSpec([None, 4], tf.float32)
print("dims", [dim for dim in spec.shape])
n_features = spec.shape[1]
w = tf.Variable(tf.fill([n_features, 2], 0.5), name="w")


@tf.function(input_signature=[spec])
def forward(x):
    return tf.matmul(x, w)


data = np.arange(8, dtype=np.float32).reshape(2, 4)
print("y", forward(data).numpy().tolist())

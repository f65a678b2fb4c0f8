# TF2, naive: TensorShape elements are plain ints / None in TF2, so .value raises
# "AttributeError: 'NoneType' object has no attribute 'value'".
import numpy as np
import tensorflow as tf

spec = tf.TensorSpec([None, 4], tf.float32)
print("dims", [dim.value for dim in spec.shape])
n_features = spec.shape[1].value
w = tf.Variable(tf.fill([n_features, 2], 0.5), name="w")


@tf.function(input_signature=[spec])
def forward(x):
    return tf.matmul(x, w)


data = np.arange(8, dtype=np.float32).reshape(2, 4)
print("y", forward(data).numpy().tolist())

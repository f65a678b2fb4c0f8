# TF2, naive: the same code run eagerly. Eager tensors have no names:
# "AttributeError: Tensor.name is undefined when eager execution is enabled."
import numpy as np
import tensorflow as tf

data = np.array([1.0, 2.0, 3.5], dtype=np.float32)
x = tf.constant(data, name="input")
hidden = tf.multiply(x, 2.0, name="hidden")
output = tf.reduce_sum(hidden, name="output")
by_name = {hidden.name: hidden, output.name: output}

h, o = by_name["hidden:0"].numpy(), by_name["output:0"].numpy()
print("hidden", h.tolist(), "output", o)

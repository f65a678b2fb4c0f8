# TF2, fixed: the function returns its outputs in a dict keyed by names the program
# chooses, instead of generated tensor names.
import numpy as np
import tensorflow as tf


@tf.function
def model(x):
    hidden = tf.multiply(x, 2.0)
    return {"hidden": hidden, "output": tf.reduce_sum(hidden)}


data = np.array([1.0, 2.0, 3.5], dtype=np.float32)
outputs = model(data)
h, o = outputs["hidden"].numpy(), outputs["output"].numpy()
print("hidden", h.tolist(), "output", o)

# Initializers run with their own .run() inside the session block (the default session).
import numpy as np
import tensorflow as tf

scale = tf.Variable(2.0)
shift = tf.Variable(0.5)


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_out(x):
    out = x * scale + shift
    return out


print(run_out(x=np.array([1.0, 2.0, 3.0], np.float32)).numpy())

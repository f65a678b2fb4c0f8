# modes: tf2
# tf.numpy_function and tf.map_fn eagerly and inside a tf.function.
import numpy as np
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print("eager", tf.numpy_function(lambda a: (a[::-1] * 3).astype(np.float32), [x], tf.float32))
print("map", tf.map_fn(lambda r: r * tf.reduce_max(r), x))


@tf.function
def f(t):
    y = tf.numpy_function(lambda a: a.sum(axis=1).astype(np.float32), [t], tf.float32)
    y.set_shape([2])  # the usual companion of numpy_function: its output shape is unknown
    return tf.map_fn(lambda v: v + 1.0, y)


print("function", f(x), f(x + 1.0))

# Static shapes: Dimension values, get_shape, set_shape, tf.shape at run time.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4, 3])
dims = x.get_shape()
print("rank", dims.ndims, "dim1", dims[1].value, "dim0", dims[0].value)
flat = tf.reshape(x, [-1, dims[1].value * dims[2].value])
print("flat static", flat.get_shape().as_list())
y = tf.placeholder(tf.float32)
y.set_shape([2, 2])
print("set", y.get_shape().as_list())
with tf.Session() as sess:
    print("dynamic", sess.run(tf.shape(flat), {x: np.zeros((5, 4, 3))}).tolist())

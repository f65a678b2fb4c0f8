# modes: tf1
# tf.py_func (NumPy in and out, one or several outputs) and tf.map_fn (single tensor and
# tuple elements) in a TF1 graph.
import numpy as np
import tensorflow as tf
x = tf.placeholder(tf.float32, [3, 2])
def np_fn(a):
    return (a * 2 + 1).astype(np.float32), np.int64(a.size)
y, n = tf.py_func(np_fn, [x], [tf.float32, tf.int64])
z = tf.py_func(lambda a: np.sort(a, axis=1)[:, ::-1].copy(), [x], tf.float32)
m = tf.map_fn(lambda r: tf.reduce_sum(r * r), x)
m2 = tf.map_fn(lambda t: (t[0] + 1.0, t[1] * 2.0), (x, x))
with tf.Session() as s:
    feed = {x: [[1, 2], [3, 4], [5, 6]]}
    print(s.run([y, n, z], feed))
    print(s.run(m, feed), s.run(m2, feed))

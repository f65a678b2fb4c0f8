# Sessions and placeholders: build a graph, feed it, fetch several values.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[None, 3], name="x")
w = tf.constant([[1.0], [2.0], [3.0]])
y = tf.matmul(x, w) + 0.5
z = tf.reduce_sum(y)
with tf.Session() as sess:
    out_y, out_z = sess.run([y, z], feed_dict={x: np.arange(6, dtype=np.float32).reshape(2, 3)})
    print("y", np.round(out_y, 4).tolist())
    print("z", round(float(out_z), 4))
    print("fetch dict", {k: float(v) for k, v in sess.run({"z": z}, feed_dict={x: np.ones((1, 3))}).items()})

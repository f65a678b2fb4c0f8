# TF1: a placeholder fed through sess.run.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[None, 3], name="x")
w = tf.constant([[1.0], [-2.0], [0.5]])
y = tf.nn.relu(tf.matmul(x, w) + 0.25)

with tf.Session() as sess:
    for k in range(3):
        batch = np.arange(6, dtype=np.float32).reshape(2, 3) * (k - 1)
        out = sess.run(y, feed_dict={x: batch})
        print("batch", k, "sum", f"{out.sum():.4f}")

# TF1: one graph; a scalar placeholder is fed with a new Python number on every step.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [4])
scale = tf.placeholder(tf.float32, [])
y = tf.reduce_sum(x * scale + 1.0)

data = np.arange(4, dtype=np.float32)
with tf.Session() as sess:
    for step in range(6):
        out = sess.run(y, feed_dict={x: data, scale: step})
        print("step", step, "out", out)

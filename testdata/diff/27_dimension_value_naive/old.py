# TF1: static shape elements are Dimension objects; .value gives the int (or None).
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4])
print("dims", [dim.value for dim in x.shape])
n_features = x.shape[1].value
w = tf.Variable(tf.fill([n_features, 2], 0.5), name="w")
y = tf.matmul(x, w)

data = np.arange(8, dtype=np.float32).reshape(2, 4)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("y", sess.run(y, feed_dict={x: data}).tolist())

# TF1: optimizer.minimize on a least-squares problem, run step by step in a session.
import numpy as np
import tensorflow as tf

xs = np.linspace(-1.0, 1.0, 8).astype(np.float32).reshape(8, 1)
ys = 3.0 * xs - 0.5

x = tf.placeholder(tf.float32, [None, 1])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable([[0.1]], name="w")
b = tf.Variable([0.0], name="b")
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
train = tf.train.GradientDescentOptimizer(0.2).minimize(loss, var_list=[w, b])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(5):
        l = sess.run(loss, feed_dict={x: xs, y: ys})  # read before the update: a fetch list with the train op would race it
        sess.run(train, feed_dict={x: xs, y: ys})
        print("step", step, "loss", f"{l:.5f}")

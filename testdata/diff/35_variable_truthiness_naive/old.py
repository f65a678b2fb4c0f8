# TF1: `if self.b:` means "this layer has a bias": in graph mode a variable's truth value is
# that of the Python object (always true), so the bias is used and trained.
import numpy as np
import tensorflow as tf


class Dense(object):
    def __init__(self, use_bias):
        self.w = tf.Variable(2.0, name="w")
        self.b = tf.Variable(0.0, name="b") if use_bias else None

    def __call__(self, x):
        y = x * self.w
        if self.b:
            y = y + self.b
        return y


layer = Dense(use_bias=True)
x = tf.placeholder(tf.float32, [3])
loss = tf.reduce_mean(tf.square(layer(x) - 1.0))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss, var_list=[layer.w, layer.b])

data = np.array([0.5, 1.0, -0.5], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        l = sess.run(loss, feed_dict={x: data})  # read before the update: a fetch list with the train op would race it
        sess.run(train, feed_dict={x: data})
        print("step", step, "loss", f"{l:.5f}")

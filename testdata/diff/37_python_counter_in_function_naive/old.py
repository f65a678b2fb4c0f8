# TF1: a model counts how many batches it has seen in a variable; the count scales its
# output (a warm-up factor).
import numpy as np
import tensorflow as tf


class Model(object):
    def __init__(self):
        self.seen = tf.Variable(0.0, name="seen")

    def __call__(self, x):
        seen = self.seen.assign_add(1.0)
        warmup = tf.minimum(seen / 3.0, 1.0)
        return tf.reduce_sum(x) * warmup


model = Model()
x = tf.placeholder(tf.float32, [2])
out = model(x)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        print("step", step, "out", f"{sess.run(out, feed_dict={x: np.array([1.0, 2.0], np.float32)}):.5f}")

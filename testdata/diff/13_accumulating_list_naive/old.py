# TF1 (guide, pattern 1, example 4): the model appends its losses to a global list while
# the graph is built, once; the total loss sums that list on every sess.run.
import numpy as np
import tensorflow as tf

all_losses = []


class Model(object):
    def __init__(self):
        self.w = tf.Variable([1.0, -1.0], name="w")

    def __call__(self, x):
        pred = tf.reduce_sum(x * self.w, axis=1)
        all_losses.append(0.01 * tf.reduce_sum(tf.square(self.w)))
        all_losses.append(tf.reduce_mean(tf.square(pred - 1.0)))
        return pred


data = np.array([[1.0, 2.0], [0.5, -1.0]], dtype=np.float32)
model = Model()
x = tf.placeholder(tf.float32, [None, 2])
model(x)
total_loss = tf.reduce_sum(all_losses)
train = tf.train.GradientDescentOptimizer(0.1).minimize(total_loss, var_list=[model.w])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        t = sess.run(total_loss, feed_dict={x: data})  # read before the update: a fetch list with the train op would race it
        sess.run(train, feed_dict={x: data})
        print("step", step, "total", f"{t:.5f}")

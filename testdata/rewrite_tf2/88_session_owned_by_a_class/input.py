# A session an object owns (`self.sess` made in `__init__`, the graph built in a
# `build_model()` method, runs in `train()`) becomes a tf.Module: its constructor makes the
# variables and the Keras optimizer, the run is a tf.function method with a GradientTape step.
import numpy as np
import tensorflow as tf


class Regressor(object):
    def __init__(self, learning_rate):
        self.x = tf.placeholder(tf.float32, [None, 1])
        self.y = tf.placeholder(tf.float32, [None, 1])
        self.build_model(learning_rate)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def build_model(self, learning_rate):
        self.w = tf.Variable([[0.5]])
        self.loss = tf.reduce_mean(tf.square(tf.matmul(self.x, self.w) - self.y))
        self.train_op = tf.train.GradientDescentOptimizer(learning_rate).minimize(self.loss)

    def train(self, xs, ys):
        _, loss = self.sess.run([self.train_op, self.loss], {self.x: xs, self.y: ys})
        return loss


xs = np.linspace(0, 1, 8, dtype=np.float32).reshape(8, 1)
model = Regressor(0.1)
for step in range(5):
    print(step, round(float(model.train(xs, 2 * xs)), 5))

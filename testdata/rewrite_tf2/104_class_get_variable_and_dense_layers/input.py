# A class whose constructor builds its graph in a variable scope of its name: get_variable
# (initializers given), two tf.layers.dense layers, Momentum, and makes its session. The
# variables and Keras Dense layers (built where TF1 made their variables, input widths read
# from the text) stay in the constructor, the scope a name scope around them.
import numpy as np
import tensorflow as tf


class Regressor:
    def __init__(self, name, lr):
        self.scope = name
        with tf.variable_scope(self.scope):
            self.x = tf.placeholder(tf.float32, [None, 3])
            self.y = tf.placeholder(tf.float32, [None, 1])
            w = tf.get_variable("w", [3, 4], initializer=tf.random_normal_initializer(stddev=0.3))
            b = tf.get_variable("b", [4], initializer=tf.zeros_initializer())
            h = tf.nn.tanh(tf.matmul(self.x, w) + b)
            hidden = tf.layers.dense(h, 5, activation=tf.nn.relu)
            self.out = tf.layers.dense(hidden, 1)
        self.loss = tf.reduce_mean(tf.square(self.out - self.y))
        self.step = tf.train.MomentumOptimizer(0.05, 0.9).minimize(self.loss)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def train(self, xs, ys):
        loss, _ = self.sess.run([self.loss, self.step], {self.x: xs, self.y: ys})
        return loss


xs = np.linspace(-1, 1, 30, dtype=np.float32).reshape(10, 3)
ys = np.cos(xs.sum(axis=1, keepdims=True))
r = Regressor("reg", 0.05)
for i in range(30):
    l = r.train(xs, ys)
    if i % 10 == 9:
        print(i, round(float(l), 5))

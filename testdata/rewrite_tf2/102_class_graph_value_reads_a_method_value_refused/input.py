# A class whose graph reshapes its input with `n_input`, a parameter of the method that
# builds the graph: a tf.function method of the converted class could not read it, so the
# class is refused with the value and the method, and stays as the compat rewrite made it.
import numpy as np
import tensorflow as tf


class Net(object):
    def __init__(self, n_input):
        self.x = tf.placeholder(tf.float32, [None, None])
        flat = tf.reshape(self.x, [-1, n_input])
        self.w = tf.Variable(tf.ones([n_input, 1]))
        self.y = tf.matmul(flat, self.w)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def predict(self, xs):
        return self.sess.run(self.y, {self.x: xs})


net = Net(2)
print(net.predict(np.arange(4, dtype=np.float32).reshape(1, 4)))

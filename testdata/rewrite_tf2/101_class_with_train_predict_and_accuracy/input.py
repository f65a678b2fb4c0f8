# A classifier class in the tutorial style: the constructor makes the session and builds
# the graph in `_build_net()` (a hidden layer bound to a local name, an accuracy),
# `train()` and `predict()` run it; `self.name` becomes the tf.Module's name.
import numpy as np
import tensorflow as tf


class Model:
    def __init__(self, name, learning_rate=0.05):
        self.name = name
        self.learning_rate = learning_rate
        self._build_net()
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def _build_net(self):
        self.X = tf.placeholder(tf.float32, [None, 4])
        self.Y = tf.placeholder(tf.float32, [None, 3])
        self.W1 = tf.Variable(tf.random_normal([4, 8], stddev=0.5))
        self.b1 = tf.Variable(tf.zeros([8]))
        self.W2 = tf.Variable(tf.random_normal([8, 3], stddev=0.5))
        self.b2 = tf.Variable(tf.zeros([3]))
        hidden = tf.nn.relu(tf.matmul(self.X, self.W1) + self.b1)
        logits = tf.matmul(hidden, self.W2) + self.b2
        self.logits = logits
        self.cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=self.Y, logits=self.logits))
        self.optimizer = tf.train.GradientDescentOptimizer(learning_rate=self.learning_rate).minimize(self.cost)
        correct = tf.equal(tf.argmax(self.logits, 1), tf.argmax(self.Y, 1))
        self.accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

    def predict(self, x_test):
        return self.sess.run(self.logits, feed_dict={self.X: x_test})

    def get_accuracy(self, x_test, y_test):
        return self.sess.run(self.accuracy, feed_dict={self.X: x_test, self.Y: y_test})

    def train(self, x_data, y_data):
        return self.sess.run([self.cost, self.optimizer], feed_dict={self.X: x_data, self.Y: y_data})


rng = np.random.RandomState(0)
x = rng.rand(30, 4).astype(np.float32)
y = np.eye(3, dtype=np.float32)[(x.sum(axis=1) * 1.5).astype(int) % 3]
model = Model("clf", 0.5)
for step in range(20):
    c, _ = model.train(x, y)
    if step % 5 == 4:
        print(step, round(float(model.get_accuracy(x, y)), 4), round(float(c), 4))
print(model.name, np.round(model.predict(x[:2]), 3))

# A class whose methods run expressions of its graph tensors rather than tensors it bound to
# attributes: `self.sess.run(tf.argmax(self.logits, 1), ...)` and an accuracy computed in
# the run's argument. Each becomes a method that computes the tensors the expression reads
# and returns the expression (`return tf.argmax(logits, 1)`), named after its call.
import numpy as np
import tensorflow as tf


class Classifier:
    def __init__(self):
        self.x = tf.placeholder(tf.float32, [None, 4])
        self.y = tf.placeholder(tf.float32, [None, 3])
        w = tf.Variable(tf.ones([4, 3]) * 0.05)
        b = tf.Variable(tf.zeros([3]))
        self.logits = tf.matmul(self.x, w) + b
        self.loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=self.y, logits=self.logits))
        self.step = tf.train.GradientDescentOptimizer(0.5).minimize(self.loss)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def train(self, xs, ys):
        return self.sess.run([self.loss, self.step], {self.x: xs, self.y: ys})[0]

    def predict(self, xs):
        return self.sess.run(tf.argmax(self.logits, 1), feed_dict={self.x: xs})

    def accuracy(self, xs, ys):
        return self.sess.run(
            tf.reduce_mean(tf.cast(tf.equal(tf.argmax(self.logits, 1), tf.argmax(self.y, 1)), tf.float32)),
            feed_dict={self.x: xs, self.y: ys})


rng = np.random.RandomState(2)
xs = rng.rand(8, 4).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)]
model = Classifier()
for i in range(4):
    print(i, round(float(model.train(xs, ys)), 5), model.predict(xs[:3]))
print("accuracy", model.accuracy(xs, ys))

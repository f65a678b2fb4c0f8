# A seeded dropout that a class's training and prediction both run, over a batch whose size
# is known only at run time. TF1's one op drew every run's mask from its seed's stream, run
# on; two tf.functions would each start it again, and a tf.random.Generator draws other
# numbers than TF1's seeded kernel for a shape known only at run time: refused, with the
# reason on its line.
import numpy as np
import tensorflow as tf


class Classifier:
    def __init__(self):
        self.x = tf.placeholder(tf.float32, [None, 4])
        self.y = tf.placeholder(tf.float32, [None, 2])
        self.keep = tf.placeholder(tf.float32)
        hidden = tf.layers.dense(self.x, 6, activation=tf.nn.relu)
        drop = tf.nn.dropout(hidden, self.keep, seed=7)
        self.logits = tf.layers.dense(drop, 2)
        self.loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=self.y, logits=self.logits))
        self.step = tf.train.AdamOptimizer(0.01).minimize(self.loss)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def train(self, xs, ys):
        return self.sess.run([self.loss, self.step], {self.x: xs, self.y: ys, self.keep: 0.8})[0]

    def scores(self, xs):
        return self.sess.run(self.logits, {self.x: xs, self.keep: 0.8})


rng = np.random.RandomState(1)
xs = rng.rand(5, 4).astype(np.float32)
ys = np.eye(2, dtype=np.float32)[rng.randint(0, 2, size=5)]
tf.set_random_seed(2)
model = Classifier()
for i in range(3):
    print(i, round(float(model.train(xs, ys)), 5), np.round(model.scores(xs), 4).sum())

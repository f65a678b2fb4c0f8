# A class whose graph applies tf.layers.dropout under a `training` flag, a
# placeholder_with_default(False) that the training run feeds True and the scoring run
# leaves at its default. The flag becomes a parameter defaulting to False (a bool
# TensorSpec); the dropout a cond of it, dropping while training (drawing from one
# generator both methods share, as TF1's one op) and the input itself otherwise.
import numpy as np
import tensorflow as tf


class Net:
    def __init__(self):
        self.x = tf.placeholder(tf.float32, [None, 4])
        self.y = tf.placeholder(tf.float32, [None, 2])
        self.training = tf.placeholder_with_default(False, shape=[])
        hidden = tf.layers.dense(self.x, 8, activation=tf.nn.relu)
        dropped = tf.layers.dropout(hidden, rate=0.3, training=self.training)
        self.logits = tf.layers.dense(dropped, 2)
        self.loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=self.y, logits=self.logits))
        self.step = tf.train.AdamOptimizer(0.01).minimize(self.loss)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def fit(self, xs, ys):
        return self.sess.run([self.loss, self.step], {self.x: xs, self.y: ys, self.training: True})[0]

    def scores(self, xs):
        return self.sess.run(self.logits, {self.x: xs})


tf.set_random_seed(4)
rng = np.random.RandomState(0)
xs = rng.rand(6, 4).astype(np.float32)
ys = np.eye(2, dtype=np.float32)[rng.randint(0, 2, size=6)]
net = Net()
for i in range(4):
    print(i, round(float(net.fit(xs, ys)), 5), np.round(net.scores(xs[:2]), 4))

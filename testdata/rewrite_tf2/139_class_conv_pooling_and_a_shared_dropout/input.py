# A class whose constructor builds a small convnet with tf.layers (conv2d, max_pooling2d,
# flatten, dense) and an unseeded dropout that training and prediction both run, predict
# called between training steps. The conv2d becomes a Keras Conv2D built for the
# placeholder's channels, the pooling and flatten their TF2 ops, the first dense layer built
# for the flattened width (4 * 4 * 4); the dropout draws from one generator the constructor
# makes where TF1 made the op (split from the script's graph seed), each call of either
# function taking its next mask as each run took TF1's one op's.
import numpy as np
import tensorflow as tf


class ConvNet:
    def __init__(self, lr=0.01):
        self.x = tf.placeholder(tf.float32, [None, 8, 8, 1])
        self.y = tf.placeholder(tf.float32, [None, 3])
        self.keep = tf.placeholder(tf.float32)
        conv = tf.layers.conv2d(self.x, 4, 3, padding="same", activation=tf.nn.relu)
        pool = tf.layers.max_pooling2d(conv, 2, 2)
        flat = tf.layers.flatten(pool)
        hidden = tf.layers.dense(flat, 8, activation=tf.nn.relu)
        # the dropout both runs share
        drop = tf.nn.dropout(hidden, self.keep)
        self.logits = tf.layers.dense(drop, 3)
        self.pred = tf.argmax(self.logits, 1)
        self.loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=self.y, logits=self.logits))
        self.step = tf.train.GradientDescentOptimizer(lr).minimize(self.loss)
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def train(self, xs, ys):
        l, _ = self.sess.run([self.loss, self.step], {self.x: xs, self.y: ys, self.keep: 0.5})
        return l

    def predict(self, xs, keep=1.0):
        return self.sess.run(self.pred, {self.x: xs, self.keep: keep})


rng = np.random.RandomState(0)
xs = rng.rand(6, 8, 8, 1).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=6)]
tf.set_random_seed(5)
net = ConvNet()
for i in range(4):
    print(i, round(float(net.train(xs, ys)), 5), net.predict(xs, 0.5))
print(net.predict(xs))

# A model class whose build method stacks its layers by binding one local name again
# (`h = tf.layers.dense(h, ...)`, `h = tf.nn.dropout(h, ...)`, `h = tf.nn.relu(h)`): each
# binding is its own graph value, written in the same order in the functions.
import numpy as np
import tensorflow as tf


class Classifier:
    def __init__(self):
        self.x = tf.placeholder(tf.float32, [None, 4])
        self.y = tf.placeholder(tf.float32, [None, 3])
        self.keep_prob = tf.placeholder_with_default(1.0, shape=[])
        self.build()
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def build(self):
        h = tf.layers.dense(self.x, 10)
        h = tf.nn.relu(h)
        h = tf.nn.dropout(h, keep_prob=self.keep_prob)
        h = tf.layers.dense(h, 6, activation=tf.nn.tanh)
        self.logits = tf.layers.dense(h, 3)
        self.loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=self.y, logits=self.logits))
        self.train_op = tf.train.GradientDescentOptimizer(0.3).minimize(self.loss)

    def train(self, xs, ys):
        loss, _ = self.sess.run([self.loss, self.train_op], {self.x: xs, self.y: ys, self.keep_prob: 0.8})
        return loss

    def predict(self, xs):
        return self.sess.run(tf.argmax(self.logits, 1), {self.x: xs})


tf.set_random_seed(21)
rng = np.random.RandomState(8)
xs = rng.randn(12, 4).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=12)]
model = Classifier()
for step in range(15):
    loss = model.train(xs, ys)
    if step % 5 == 0:
        print(step, round(float(loss), 5))
print(model.predict(xs[:6]))

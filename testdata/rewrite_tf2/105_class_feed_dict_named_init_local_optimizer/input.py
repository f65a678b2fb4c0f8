# A logistic regression class in a common published shape: the graph in `build()`, the
# initializer bound to a name before its run, an optimizer bound to a local name with a
# global step, the feed dict built before its run, the step and the weights read by runs
# of single variables (their values in TF2).
import numpy as np
import tensorflow as tf


class LogisticRegression(object):
    def __init__(self, n_features, learning_rate=0.5):
        self.n_features = n_features
        self.learning_rate = learning_rate
        self.build()
        init = tf.global_variables_initializer()
        self.sess = tf.Session()
        self.sess.run(init)

    def build(self):
        self.x = tf.placeholder(tf.float32, shape=[None, 2], name="x")
        self.y = tf.placeholder(tf.float32, shape=[None, 1], name="y")
        self.W = tf.Variable(tf.zeros([2, 1]), name="W")
        self.b = tf.Variable(tf.zeros([1]), name="b")
        self.global_step = tf.Variable(0, trainable=False, name="global_step")
        logits = tf.matmul(self.x, self.W) + self.b
        self.prob = tf.sigmoid(logits)
        self.loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=self.y, logits=logits))
        optimizer = tf.train.GradientDescentOptimizer(self.learning_rate)
        self.train_op = optimizer.minimize(self.loss, global_step=self.global_step)

    def partial_fit(self, X, Y):
        feed_dict = {self.x: X, self.y: Y}
        loss, _ = self.sess.run([self.loss, self.train_op], feed_dict=feed_dict)
        return loss, self.sess.run(self.global_step)

    def predict_proba(self, X):
        return self.sess.run(self.prob, feed_dict={self.x: X})

    def weights(self):
        return self.sess.run(self.W)


X = np.array([[0.0, 0.1], [0.2, 0.9], [0.9, 0.3], [1.0, 1.0]], dtype=np.float32)
Y = np.array([[0.0], [1.0], [0.0], [1.0]], dtype=np.float32)
clf = LogisticRegression(2)
for epoch in range(40):
    loss, step = clf.partial_fit(X, Y)
    if epoch % 10 == 0:
        print(epoch, step, round(float(loss), 5))
print(np.round(clf.predict_proba(X), 4).ravel(), np.round(clf.weights(), 4).ravel())

# Models given the session of the script's `with tf.Session() as sess:` block, the
# initializer bound to a name in the block: the block goes and its statements are dedented,
# the session argument, the initializer and its run go.
import numpy as np
import tensorflow as tf


class Model:
    def __init__(self, sess, name):
        self.sess = sess
        self.name = name
        self._build_net()

    def _build_net(self):
        with tf.variable_scope(self.name):
            self.X = tf.placeholder(tf.float32, [None, 2])
            self.Y = tf.placeholder(tf.float32, [None, 1])
            W = tf.Variable(tf.random_normal([2, 1]), name="weight")
            b = tf.Variable(tf.random_normal([1]), name="bias")
            self.hypothesis = tf.sigmoid(tf.matmul(self.X, W) + b)
        self.cost = -tf.reduce_mean(self.Y * tf.log(self.hypothesis) + (1 - self.Y) * tf.log(1 - self.hypothesis))
        self.train = tf.train.GradientDescentOptimizer(learning_rate=0.5).minimize(self.cost)

    def predict(self, x):
        return self.sess.run(self.hypothesis, feed_dict={self.X: x})

    def fit(self, x, y):
        return self.sess.run([self.cost, self.train], feed_dict={self.X: x, self.Y: y})


x_data = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
y_data = np.array([[0], [1], [1], [1]], dtype=np.float32)
with tf.Session() as sess:
    # two models on the session's graph
    models = [Model(sess, "model" + str(m)) for m in range(2)]
    init = tf.global_variables_initializer()
    sess.run(init)
    for step in range(50):
        for m in models:
            c, _ = m.fit(x_data, y_data)
        if step % 10 == 0:
            print(step, round(float(c), 5))
    print([np.round(m.predict(x_data), 3).ravel().tolist() for m in models])
print("done")

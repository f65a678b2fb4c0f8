# Two objects of a model class share the script's session (an ensemble); the script sums their
# NumPy predictions and builds the vote's accuracy from them with TF ops that its session
# runs: the class becomes a tf.Module, the vote is computed eagerly where TF1 built it.
import numpy as np
import tensorflow as tf

tf.set_random_seed(777)
rng = np.random.RandomState(0)
images = rng.rand(32, 8, 8, 1).astype(np.float32)
labels = np.eye(4, dtype=np.float32)[rng.randint(0, 4, size=32)]


class Model:

    def __init__(self, sess, name):
        self.sess = sess
        self.name = name
        self._build_net()

    def _build_net(self):
        with tf.variable_scope(self.name):
            self.training = tf.placeholder(tf.bool)
            self.X = tf.placeholder(tf.float32, [None, 8, 8, 1])
            self.Y = tf.placeholder(tf.float32, [None, 4])
            conv1 = tf.layers.conv2d(inputs=self.X, filters=4, kernel_size=[3, 3], padding="SAME", activation=tf.nn.relu)
            pool1 = tf.layers.max_pooling2d(inputs=conv1, pool_size=[2, 2], padding="SAME", strides=2)
            dropout1 = tf.layers.dropout(inputs=pool1, rate=0.3, training=self.training)
            flat = tf.reshape(dropout1, [-1, 4 * 4 * 4])
            dense4 = tf.layers.dense(inputs=flat, units=16, activation=tf.nn.relu)
            self.logits = tf.layers.dense(inputs=dense4, units=4)
        self.cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=self.logits, labels=self.Y))
        self.optimizer = tf.train.GradientDescentOptimizer(learning_rate=0.1).minimize(self.cost)
        correct_prediction = tf.equal(tf.argmax(self.logits, 1), tf.argmax(self.Y, 1))
        self.accuracy = tf.reduce_mean(tf.cast(correct_prediction, tf.float32))

    def predict(self, x_test, training=False):
        return self.sess.run(self.logits, feed_dict={self.X: x_test, self.training: training})

    def get_accuracy(self, x_test, y_test, training=False):
        return self.sess.run(self.accuracy, feed_dict={self.X: x_test, self.Y: y_test, self.training: training})

    def train(self, x_data, y_data, training=True):
        return self.sess.run([self.cost, self.optimizer], feed_dict={self.X: x_data, self.Y: y_data, self.training: training})


sess = tf.Session()
models = []
num_models = 2
for m in range(num_models):
    models.append(Model(sess, "model" + str(m)))
sess.run(tf.global_variables_initializer())
for epoch in range(3):
    avg_cost_list = np.zeros(len(models))
    for i in range(4):
        batch_xs, batch_ys = images[i * 8:(i + 1) * 8], labels[i * 8:(i + 1) * 8]
        for m_idx, m in enumerate(models):
            c, _ = m.train(batch_xs, batch_ys)
            avg_cost_list[m_idx] += c / 4
    print('Epoch:', '%04d' % (epoch + 1), 'cost =', avg_cost_list)
predictions = np.zeros([32, 4])
for m_idx, m in enumerate(models):
    print(m_idx, 'Accuracy:', m.get_accuracy(images, labels))
    p = m.predict(images)
    predictions += p
ensemble_correct_prediction = tf.equal(tf.argmax(predictions, 1), tf.argmax(labels, 1))
ensemble_accuracy = tf.reduce_mean(tf.cast(ensemble_correct_prediction, tf.float32))
print('Ensemble accuracy:', sess.run(ensemble_accuracy))

# Two objects of a model class share the script's session (an ensemble); the script sums their
# NumPy predictions and builds the vote's accuracy from them with TF ops that its session
# runs: the class becomes a tf.Module, the vote is computed eagerly where TF1 built it.
import numpy as np
import tensorflow as tf

tf.random.set_seed(777)
rng = np.random.RandomState(0)
images = rng.rand(32, 8, 8, 1).astype(np.float32)
labels = np.eye(4, dtype=np.float32)[rng.randint(0, 4, size=32)]


class Model(tf.Module):

    def __init__(self, name):
        super().__init__(name=name)
        self._build_net()

    def _build_net(self):
        with tf.name_scope(self.name):
            self.conv1_layer = tf.keras.layers.Conv2D(4, [3, 3], padding="same", activation=tf.nn.relu)
            self.conv1_layer.build([None, None, None, 1])
            # the random op TF1 made here: each run draws this generator's next numbers
            self.dropout1_generator = tf.random.Generator.from_seed(777).split(1)[0]
            self.dense4_layer = tf.keras.layers.Dense(16, activation=tf.nn.relu)
            self.dense4_layer.build([None, 64])
            self.logits_layer = tf.keras.layers.Dense(4)
            self.logits_layer.build([None, 16])
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=None, dtype=tf.bool),
        tf.TensorSpec(shape=[None, 8, 8, 1], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
    ])
    def run_accuracy(self, training, X, Y):
        conv1 = self.conv1_layer(X)
        pool1 = tf.nn.max_pool2d(conv1, ksize=2, strides=2, padding="SAME")
        dropout1 = tf.cond(training, lambda: tf.nn.experimental.general_dropout(pool1, rate=0.3, uniform_sampler=self.dropout1_generator.uniform), lambda: tf.identity(pool1))
        flat = tf.reshape(dropout1, [-1, 4 * 4 * 4])
        dense4 = self.dense4_layer(flat)
        logits = self.logits_layer(dense4)
        correct_prediction = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
        accuracy = tf.reduce_mean(tf.cast(correct_prediction, tf.float32))
        return accuracy

    @tf.function(input_signature=[
        tf.TensorSpec(shape=None, dtype=tf.bool),
        tf.TensorSpec(shape=[None, 8, 8, 1], dtype=tf.float32),
    ])
    def run_logits(self, training, X):
        conv1 = self.conv1_layer(X)
        pool1 = tf.nn.max_pool2d(conv1, ksize=2, strides=2, padding="SAME")
        dropout1 = tf.cond(training, lambda: tf.nn.experimental.general_dropout(pool1, rate=0.3, uniform_sampler=self.dropout1_generator.uniform), lambda: tf.identity(pool1))
        flat = tf.reshape(dropout1, [-1, 4 * 4 * 4])
        dense4 = self.dense4_layer(flat)
        logits = self.logits_layer(dense4)
        return logits

    @tf.function(input_signature=[
        tf.TensorSpec(shape=None, dtype=tf.bool),
        tf.TensorSpec(shape=[None, 8, 8, 1], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
    ])
    def run_cost_optimizer(self, training, X, Y):
        with tf.GradientTape() as tape:
            conv1 = self.conv1_layer(X)
            pool1 = tf.nn.max_pool2d(conv1, ksize=2, strides=2, padding="SAME")
            dropout1 = tf.cond(training, lambda: tf.nn.experimental.general_dropout(pool1, rate=0.3, uniform_sampler=self.dropout1_generator.uniform), lambda: tf.identity(pool1))
            flat = tf.reshape(dropout1, [-1, 4 * 4 * 4])
            dense4 = self.dense4_layer(flat)
            logits = self.logits_layer(dense4)
            cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
        grads = tape.gradient(cost, [*self.conv1_layer.trainable_variables, *self.dense4_layer.trainable_variables, *self.logits_layer.trainable_variables])
        self.optimizer.apply_gradients(zip(grads, [*self.conv1_layer.trainable_variables, *self.dense4_layer.trainable_variables, *self.logits_layer.trainable_variables]))
        return cost

    def predict(self, x_test, training=False):
        return self.run_logits(training=training, X=x_test).numpy()

    def get_accuracy(self, x_test, y_test, training=False):
        return self.run_accuracy(training=training, X=x_test, Y=y_test).numpy()

    def train(self, x_data, y_data, training=True):
        return [self.run_cost_optimizer(training=training, X=x_data, Y=y_data).numpy(), None]


models = []
num_models = 2
for m in range(num_models):
    models.append(Model("model" + str(m)))
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
print('Ensemble accuracy:', ensemble_accuracy.numpy())

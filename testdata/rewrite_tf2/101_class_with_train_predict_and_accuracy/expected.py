# A classifier class in the tutorial style: the constructor makes the session and builds
# the graph in `_build_net()` (a hidden layer bound to a local name, an accuracy),
# `train()` and `predict()` run it; `self.name` becomes the tf.Module's name.
import numpy as np
import tensorflow as tf


class Model(tf.Module):
    def __init__(self, name, learning_rate=0.05):
        super().__init__(name=name)
        self.learning_rate = learning_rate
        self._build_net()

    def _build_net(self):
        self.W1 = tf.Variable(tf.random.normal([4, 8], stddev=0.5))
        self.b1 = tf.Variable(tf.zeros([8]))
        self.W2 = tf.Variable(tf.random.normal([8, 3], stddev=0.5))
        self.b2 = tf.Variable(tf.zeros([3]))
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=self.learning_rate)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    ])
    def run_accuracy(self, X, Y):
        hidden = tf.nn.relu(tf.matmul(X, self.W1) + self.b1)
        logits = tf.matmul(hidden, self.W2) + self.b2
        correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
        accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
        return accuracy

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
    ])
    def run_logits(self, X):
        hidden = tf.nn.relu(tf.matmul(X, self.W1) + self.b1)
        logits = tf.matmul(hidden, self.W2) + self.b2
        return logits

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    ])
    def run_cost_optimizer(self, X, Y):
        with tf.GradientTape() as tape:
            hidden = tf.nn.relu(tf.matmul(X, self.W1) + self.b1)
            logits = tf.matmul(hidden, self.W2) + self.b2
            cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=Y, logits=logits))
        grads = tape.gradient(cost, [self.W1, self.b1, self.W2, self.b2])
        self.optimizer.apply_gradients(zip(grads, [self.W1, self.b1, self.W2, self.b2]))
        return cost

    def predict(self, x_test):
        return self.run_logits(X=x_test).numpy()

    def get_accuracy(self, x_test, y_test):
        return self.run_accuracy(X=x_test, Y=y_test).numpy()

    def train(self, x_data, y_data):
        return [self.run_cost_optimizer(X=x_data, Y=y_data).numpy(), None]


rng = np.random.RandomState(0)
x = rng.rand(30, 4).astype(np.float32)
y = np.eye(3, dtype=np.float32)[(x.sum(axis=1) * 1.5).astype(int) % 3]
model = Model("clf", 0.5)
for step in range(20):
    c, _ = model.train(x, y)
    if step % 5 == 4:
        print(step, round(float(model.get_accuracy(x, y)), 4), round(float(c), 4))
print(model.name, np.round(model.predict(x[:2]), 3))

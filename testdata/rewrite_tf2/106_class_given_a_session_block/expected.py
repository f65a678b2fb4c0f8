# Models given the session of the script's `with tf.Session() as sess:` block, the
# initializer bound to a name in the block: the block goes and its statements are dedented,
# the session argument, the initializer and its run go.
import numpy as np
import tensorflow as tf


class Model(tf.Module):
    def __init__(self, name):
        super().__init__(name=name)
        self._build_net()

    def _build_net(self):
        with tf.name_scope(self.name):
            self.W = tf.Variable(tf.random.normal([2, 1]), name="weight")
            self.b = tf.Variable(tf.random.normal([1]), name="bias")
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=0.5)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_cost_train(self, X, Y):
        with tf.GradientTape() as tape:
            hypothesis = tf.sigmoid(tf.matmul(X, self.W) + self.b)
            cost = -tf.reduce_mean(Y * tf.math.log(hypothesis) + (1 - Y) * tf.math.log(1 - hypothesis))
        grads = tape.gradient(cost, [self.W, self.b])
        self.optimizer.apply_gradients(zip(grads, [self.W, self.b]))
        return cost

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    ])
    def run_hypothesis(self, X):
        hypothesis = tf.sigmoid(tf.matmul(X, self.W) + self.b)
        return hypothesis

    def predict(self, x):
        return self.run_hypothesis(X=x).numpy()

    def fit(self, x, y):
        return [self.run_cost_train(X=x, Y=y).numpy(), None]


x_data = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
y_data = np.array([[0], [1], [1], [1]], dtype=np.float32)
# two models on the session's graph
models = [Model("model" + str(m)) for m in range(2)]
for step in range(50):
    for m in models:
        c, _ = m.fit(x_data, y_data)
    if step % 10 == 0:
        print(step, round(float(c), 5))
print([np.round(m.predict(x_data), 3).ravel().tolist() for m in models])
print("done")

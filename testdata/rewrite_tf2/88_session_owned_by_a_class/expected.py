# A session an object owns (`self.sess` made in `__init__`, the graph built in a
# `build_model()` method, runs in `train()`) becomes a tf.Module: its constructor makes the
# variables and the Keras optimizer, the run is a tf.function method with a GradientTape step.
import numpy as np
import tensorflow as tf


class Regressor(tf.Module):
    def __init__(self, learning_rate):
        super().__init__()
        self.build_model(learning_rate)

    def build_model(self, learning_rate):
        self.w = tf.Variable([[0.5]])
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=learning_rate)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_train_op_loss(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, self.w) - y))
        grads = tape.gradient(loss, [self.w])
        self.optimizer.apply_gradients(zip(grads, [self.w]))
        return loss

    def train(self, xs, ys):
        loss = self.run_train_op_loss(x=xs, y=ys).numpy()
        return loss


xs = np.linspace(0, 1, 8, dtype=np.float32).reshape(8, 1)
model = Regressor(0.1)
for step in range(5):
    print(step, round(float(model.train(xs, 2 * xs)), 5))

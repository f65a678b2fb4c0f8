"""A Keras model whose compiled train_step carries debug prints."""
import tensorflow as tf


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    @tf.function
    def custom_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        print("custom_step traced with", x)  # expect: TFM405
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        tf.print("loss", loss)
        return loss


model = Regressor()
model.compile(optimizer="sgd", loss="mse")
for _ in range(3):
    model.custom_step(tf.ones([4, 2]), tf.zeros([4, 1]))

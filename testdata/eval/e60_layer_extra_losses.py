"""A Keras model that logs activity penalties into a list it owns."""
import tensorflow as tf


class Model2(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.activity = []
        self.head = tf.keras.layers.Dense(1)

    def call(self, x):
        h = self.head(x)
        self.activity.append(tf.reduce_mean(tf.square(h)))
        return h + 0.01 * tf.reduce_sum(self.activity)  # expect: TFM404

"""Noise drawn where it is used, on every call."""
import tensorflow as tf


class GaussianDropout(tf.keras.layers.Layer):
    def __init__(self, rate):
        super().__init__()
        self.rate = rate
        self.stddev = (rate / (1.0 - rate)) ** 0.5

    def call(self, inputs, training=None):
        if not training:
            return inputs
        noise = tf.random.normal(tf.shape(inputs), mean=1.0, stddev=self.stddev)
        return inputs * noise


layer = GaussianDropout(0.2)
for _ in range(3):
    out = layer(tf.ones([2, 2]), training=True)

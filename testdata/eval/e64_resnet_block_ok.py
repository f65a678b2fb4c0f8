"""A residual block in TF2 Keras."""
import tensorflow as tf


class ResidualBlock(tf.keras.layers.Layer):
    def __init__(self, filters):
        super().__init__()
        self.conv1 = tf.keras.layers.Conv2D(filters, 3, padding="same")
        self.conv2 = tf.keras.layers.Conv2D(filters, 3, padding="same")
        self.bn1 = tf.keras.layers.BatchNormalization()
        self.bn2 = tf.keras.layers.BatchNormalization()

    def build(self, input_shape):
        channels = input_shape[-1]
        self.project = tf.keras.layers.Conv2D(self.conv1.filters, 1) if channels != self.conv1.filters else None

    def call(self, x, training=False):
        shortcut = self.project(x) if self.project is not None else x
        h = tf.nn.relu(self.bn1(self.conv1(x), training=training))
        h = self.bn2(self.conv2(h), training=training)
        return tf.nn.relu(h + shortcut)


block = ResidualBlock(16)
y = block(tf.zeros([2, 8, 8, 16]))
print(y.shape)

"""Input corruption for a denoising autoencoder."""
import tensorflow as tf


class Corrupt(tf.Module):
    def __init__(self, shape, stddev=0.1):
        super().__init__()
        self.eps = tf.random.truncated_normal(shape, stddev=stddev)  # expect: TFM406
        self.scale = tf.Variable(1.0)

    def __call__(self, x):
        return x + self.scale * self.eps


class CorruptFixed(tf.Module):
    def __init__(self, shape, stddev=0.1):
        super().__init__()
        self.shape = shape
        self.stddev = stddev

    def __call__(self, x):
        return x + tf.random.truncated_normal(self.shape, stddev=self.stddev)


corrupt = Corrupt([4, 8])
for _ in range(3):
    y = corrupt(tf.zeros([4, 8]))

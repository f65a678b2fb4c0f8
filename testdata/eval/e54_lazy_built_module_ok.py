"""A module built on first call with a `built` flag."""
import tensorflow as tf


class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.built = False

    @tf.function
    def __call__(self, x):
        if not self.built:
            self.gamma = tf.Variable(tf.ones([x.shape[-1]]))
            self.built = True
        return x * self.gamma


scale = Scale()
for _ in range(3):
    scale(tf.ones([2, 4]))

"""Lazily built linear layer: weights created once, on the first call."""
import tensorflow as tf


class Linear(tf.Module):
    def __init__(self, units):
        super().__init__()
        self.units = units
        self.kernel = None
        self.bias = None

    @tf.function
    def __call__(self, inputs):
        if self.kernel is None:
            self.kernel = tf.Variable(tf.random.normal([inputs.shape[-1], self.units]) * 0.1)
            self.bias = tf.Variable(tf.zeros([self.units]))
        return tf.nn.relu(tf.matmul(inputs, self.kernel) + self.bias)


layer = Linear(8)
for _ in range(3):
    out = layer(tf.ones([4, 16]))
print(out.shape)

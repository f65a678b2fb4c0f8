"""A hand-rolled linear layer that makes its kernel inside the traced call."""
import tensorflow as tf


class Linear(tf.Module):
    def __init__(self, units, name=None):
        super().__init__(name=name)
        self.units = units

    @tf.function
    def __call__(self, inputs):
        kernel = tf.Variable(tf.random.uniform([3, self.units]), name="kernel")  # expect: TFM401
        return tf.matmul(inputs, kernel)


layer = Linear(4)
print(layer(tf.ones([2, 3])).shape)

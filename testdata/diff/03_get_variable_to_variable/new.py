# TF2: tf.Variable objects owned by a tf.Module per layer; reuse is object reuse.
import numpy as np
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, in_dim, units, name):
        super().__init__(name=name)
        with tf.name_scope(name):
            self.w = tf.Variable(tf.fill([in_dim, units], 0.5), name="kernel")
            self.b = tf.Variable(tf.zeros([units]), name="bias")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


layer1 = Dense(2, 3, "layer1")
layer2 = Dense(3, 1, "layer2")


@tf.function
def forward(x):
    h = tf.nn.tanh(layer1(x))
    return [layer2(h), layer2(h)]


data = np.array([[1.0, 2.0], [-1.0, 0.5]], dtype=np.float32)
a, b = [t.numpy() for t in forward(data)]
print("out", np.round(a.ravel(), 5).tolist(), "again", np.round(b.ravel(), 5).tolist())
print("variables", len(layer1.trainable_variables) + len(layer2.trainable_variables))

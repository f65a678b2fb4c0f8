# TF2, naive: the counter became a plain Python attribute incremented in the tf.function.
# The increment runs only while tracing: the function sees seen == 1 forever.
import numpy as np
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.seen = 0.0

    @tf.function
    def __call__(self, x):
        self.seen += 1.0
        warmup = min(self.seen / 3.0, 1.0)
        return tf.reduce_sum(x) * warmup


model = Model()
for step in range(4):
    print("step", step, "out", f"{model(np.array([1.0, 2.0], np.float32)).numpy():.5f}")

# TF2, naive: __init__ runs eagerly once, so the noise is drawn once and frozen.
import numpy as np
import tensorflow as tf


class NoiseAdder(tf.Module):
    def __init__(self, shape, mean):
        super().__init__()
        self.noise_distribution = tf.random.normal(shape=shape, mean=mean)
        self.trainable_scale = tf.Variable(1.0, name="scale")

    def add_noise(self, x):
        return (self.noise_distribution + x) * self.trainable_scale


noise_adder = NoiseAdder([3], 0.0)


@tf.function
def step_fn(x):
    return noise_adder.add_noise(x)


data = np.zeros(3, dtype=np.float32)
for step in range(3):
    print("step", step, "noisy", np.round(step_fn(data).numpy(), 5).tolist())

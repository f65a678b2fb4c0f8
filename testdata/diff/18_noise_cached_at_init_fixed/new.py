# TF2, the guide's fix: noise_distribution is a callable, evaluated on every use.
import numpy as np
import tensorflow as tf


class NoiseAdder(tf.Module):
    def __init__(self, size):
        super().__init__()
        self.counter = tf.Variable(0.0, name="counter")
        self.noise_distribution = lambda: tf.sin(self.counter + tf.range(size, dtype=tf.float32))
        self.trainable_scale = tf.Variable(1.5, name="scale")

    def add_noise(self, x):
        return (self.noise_distribution() + x) * self.trainable_scale


noise_adder = NoiseAdder(3)


@tf.function
def step_fn(x):
    x_with_noise = noise_adder.add_noise(x)
    return [x_with_noise, noise_adder.counter.assign_add(1.0)]


data = np.array([1.0, 2.0, 3.0], dtype=np.float32)
for step in range(3):
    noisy, _ = step_fn(data)
    print("step", step, "noisy", np.round(noisy.numpy(), 5).tolist())

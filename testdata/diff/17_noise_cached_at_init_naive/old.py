# TF1 (guide, pattern 2, example 2, with deterministic noise): NoiseAdder stores a noise
# tensor on self in __init__; it depends on a counter variable that advances every step,
# and every sess.run recomputes it.
import numpy as np
import tensorflow as tf


class NoiseAdder(object):
    def __init__(self, size):
        self.counter = tf.Variable(0.0, name="counter")
        self.noise_distribution = tf.sin(self.counter + tf.range(size, dtype=tf.float32))
        self.trainable_scale = tf.Variable(1.5, name="scale")

    def add_noise(self, x):
        return (self.noise_distribution + x) * self.trainable_scale


noise_adder = NoiseAdder(3)
x = tf.placeholder(tf.float32, [3])
x_with_noise = noise_adder.add_noise(x)
with tf.control_dependencies([x_with_noise]):
    advance = noise_adder.counter.assign_add(1.0)

data = np.array([1.0, 2.0, 3.0], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        noisy, _ = sess.run([x_with_noise, advance], feed_dict={x: data})
        print("step", step, "noisy", np.round(noisy, 5).tolist())

# TF1 (guide, pattern 2, example 2, verbatim in spirit): NoiseAdder draws its noise with
# tf.random.normal in __init__; in a graph that is one random op, re-drawn on every sess.run.
import numpy as np
import tensorflow as tf


class NoiseAdder(object):
    def __init__(self, shape, mean):
        self.noise_distribution = tf.random.normal(shape=shape, mean=mean)
        self.trainable_scale = tf.Variable(1.0, name="scale")

    def add_noise(self, x):
        return (self.noise_distribution + x) * self.trainable_scale


noise_adder = NoiseAdder([3], 0.0)
x = tf.placeholder(tf.float32, [3])
x_with_noise = noise_adder.add_noise(x)

data = np.zeros(3, dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        print("step", step, "noisy", np.round(sess.run(x_with_noise, feed_dict={x: data}), 5).tolist())

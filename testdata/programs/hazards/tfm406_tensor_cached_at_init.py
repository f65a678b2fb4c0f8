"""TFM406: tensors computed once and reused (guide pattern 2, examples 1 and 2).

TF1: `1.0 / global_step` and the noise are graph nodes, recomputed by every sess.run:
the learning rate follows the step (1.0, 0.5, 0.3333) and the noise differs each step.
TF2: both are evaluated once: the rate stays 1.0 and the noise repeats.
"""
import tensorflow as tf

from common_steps import mode, run_steps

global_step = tf.Variable(1.0)
learning_rate = 1.0 / global_step


class NoiseAdder(tf.Module):
    def __init__(self, shape, mean):
        self.noise_distribution = tf.random.normal(shape=shape, mean=mean, seed=1)
        self.trainable_scale = tf.Variable(1.0, trainable=True)

    def add_noise(self, input):
        return (self.noise_distribution + input) * self.trainable_scale


print("mode:", mode())
rates = run_steps(lambda: learning_rate * 1.0, 3, after=lambda: global_step.assign_add(1.0))
print("learning rate per step:", rates)
noise_adder = NoiseAdder([4], 0.0)
noisy = run_steps(lambda: noise_adder.add_noise(tf.zeros([4])), 3)
print("distinct noise samples over 3 steps:", len({tuple(n) for n in noisy}))

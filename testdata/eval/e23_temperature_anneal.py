"""Gumbel-softmax sampling with a temperature annealed in Python."""
import tensorflow as tf


@tf.function
def sample(logits, temperature):
    u = tf.random.uniform(tf.shape(logits), 1e-6, 1.0)
    g = -tf.math.log(-tf.math.log(u))
    return tf.nn.softmax((logits + g) / temperature)


logits = tf.zeros([4, 10])
temp = 1.0
for it in range(1000):
    temp = max(0.1, temp * 0.995)
    probs = sample(logits, temp)  # expect: TFM407

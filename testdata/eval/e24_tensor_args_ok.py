"""Step counters passed as tensors; constant Python flags."""
import tensorflow as tf


@tf.function
def train_step(x, step, training):
    scale = tf.cast(step, tf.float32) * 0.001
    return x * scale if training else x


x = tf.ones([3])
for step in range(100):
    train_step(x, tf.constant(step), True)

counter = tf.Variable(0)
for _ in range(10):
    counter.assign_add(1)
    train_step(x, counter, training=False)

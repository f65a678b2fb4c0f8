"""Learning-rate range test that halves a Python float between compiled evaluations."""
import tensorflow as tf

w = tf.Variable(tf.ones([4]))


@tf.function
def loss_after_step(x, lr):
    return tf.reduce_sum(tf.square(x - lr * w))


lr = 1.0
x = tf.ones([4])
while lr > 1e-5:
    lr *= 0.5
    value = loss_after_step(x, lr)  # expect: TFM407

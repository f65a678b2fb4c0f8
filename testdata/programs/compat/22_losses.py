# tf.losses: values and the LOSSES collection / get_total_loss.
import numpy as np
import tensorflow as tf

y = tf.constant([[1.0, 0.0], [0.0, 1.0]])
p = tf.constant([[0.8, 0.3], [0.1, 0.6]])
mse = tf.losses.mean_squared_error(y, p)
huber = tf.losses.huber_loss(y, p, delta=0.5)
xent = tf.losses.softmax_cross_entropy(y, p * 3.0)
reg = tf.losses.absolute_difference(y, p, weights=0.5)
total = tf.losses.get_total_loss(add_regularization_losses=False)
with tf.Session() as sess:
    for name, t in [("mse", mse), ("huber", huber), ("xent", xent), ("absdiff", reg), ("total", total)]:
        print(name, round(float(sess.run(t)), 5))
print("collected", len(tf.losses.get_losses()))

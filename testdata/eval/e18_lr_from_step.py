"""Inverse-time learning rate, computed once from the step variable."""
import tensorflow as tf

step = tf.Variable(1, trainable=False, dtype=tf.int64)
lr = 0.1 * tf.pow(0.96, tf.cast(step, tf.float32) / 1000.0)  # expect: TFM406
optimizer = tf.keras.optimizers.Adam(lr)
weights = tf.Variable(tf.zeros([3]))


def train_step(grad):
    optimizer.apply_gradients([(grad, weights)])
    step.assign_add(1)


for _ in range(5):
    train_step(tf.ones([3]))

"""Loss history recorded per step and summarised after training."""
import numpy as np
import tensorflow as tf

history = []
w = tf.Variable(2.0)
opt = tf.keras.optimizers.SGD(0.1)


def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.square(w * x - 1.0)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    history.append(float(loss))
    return loss


for step in range(20):
    train_step(tf.constant(0.5))

print("mean loss", np.mean(history))
print("final", tf.reduce_mean(tf.constant(history[-5:])))

# Variables made by one statement and unpacked into names (a list comprehension, a tuple of
# calls): the statement stays where it is, each name a variable that minimize() trains.
import numpy as np
import tensorflow as tf

INIT = [[0.5, -1.0], [2.0, 0.25]]
xs = np.linspace(-1.0, 1.0, 16).astype(np.float32)
ys = 1.5 * xs - 0.5

w, b = [tf.Variable(initial_value=p, dtype=tf.float32) for p in INIT]
scale, bias = (tf.Variable(1.0, trainable=False), tf.Variable(0.0, trainable=False))

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function
def run_w_b_loss():
    pred = (w[0] * xs + b[0]) * scale + bias
    loss = tf.reduce_mean(tf.square(ys - pred))
    return [w, b, loss]


@tf.function
def run_train():
    with tf.GradientTape() as tape:
        pred = (w[0] * xs + b[0]) * scale + bias
        loss = tf.reduce_mean(tf.square(ys - pred))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))


@tf.function
def run_loss():
    pred = (w[0] * xs + b[0]) * scale + bias
    loss = tf.reduce_mean(tf.square(ys - pred))
    return loss


for step in range(30):
    w_, b_, l_ = [t.numpy() for t in run_w_b_loss()]
    run_train()
print(w_, b_, l_)
print(run_loss().numpy())

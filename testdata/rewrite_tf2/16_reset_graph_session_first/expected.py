# The cookbook shape: the default graph reset at the start, the session made before the
# graph is built (TF1 extends its graph at each run), an init op run by name.
import numpy as np
import tensorflow as tf


xs = np.array([[1.0], [2.0], [3.0]], np.float32)
ys = 3.0 * xs + 1.0

slope = tf.Variable([[0.5]])
bias = tf.Variable([[0.0]])
opt = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_step(x_in, y_in):
    with tf.GradientTape() as tape:
        pred = tf.add(tf.matmul(x_in, slope), bias)
        loss = tf.reduce_mean(tf.square(y_in - pred))
    grads = tape.gradient(loss, [slope, bias])
    opt.apply_gradients(zip(grads, [slope, bias]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss(x_in, y_in):
    pred = tf.add(tf.matmul(x_in, slope), bias)
    loss = tf.reduce_mean(tf.square(y_in - pred))
    return loss


for i in range(30):
    run_step(x_in=xs, y_in=ys)
    if (i + 1) % 10 == 0:
        print(i + 1, round(float(run_loss(x_in=xs, y_in=ys).numpy()), 4))
print(np.round(slope.numpy(), 4), np.round(bias.numpy(), 4))

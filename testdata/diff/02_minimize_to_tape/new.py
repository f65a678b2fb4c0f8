# TF2: GradientTape + Keras SGD with the same learning rate. The loss is computed before
# the update, as sess.run([train, loss]) fetched it.
import numpy as np
import tensorflow as tf

xs = np.linspace(-1.0, 1.0, 8).astype(np.float32).reshape(8, 1)
ys = 3.0 * xs - 0.5

w = tf.Variable([[0.1]], name="w")
b = tf.Variable([0.0], name="b")
opt = tf.keras.optimizers.SGD(learning_rate=0.2)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    return loss


for step in range(5):
    l = train_step(xs, ys).numpy()
    print("step", step, "loss", f"{l:.5f}")

# The block binds graph names to the values it fetched (`[[b]] = sess.run(b)`,
# `loss = float(l)`): from there on the names are plain Python values, in the block and
# after it, as they were in TF1.
import numpy as np
import tensorflow as tf

w = tf.Variable([[0.5]], name="w")
b = tf.Variable([[0.0]], name="b")
data = np.array([1.0, 2.0], np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w[0, 0] * x + b[0, 0] - 2.0 * x))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_loss(x):
    loss = tf.reduce_mean(tf.square(w[0, 0] * x + b[0, 0] - 2.0 * x))
    return loss


for i in range(3):
    run_step(x=data)
l = run_loss(x=data).numpy()
[[b], [w]] = [b.numpy(), w.numpy()]
loss = round(float(l), 5)
ratio = b / w
print("b", round(float(b), 5), "loss", loss)
print("ratio", round(float(ratio), 5), "w", np.round(w, 5))

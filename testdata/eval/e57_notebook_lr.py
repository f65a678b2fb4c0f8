"""Notebook-style linear regression with a decaying step size."""
import tensorflow as tf

w = tf.Variable(0.0)
b = tf.Variable(0.0)
iteration = tf.Variable(1.0)
step_size = 0.5 / tf.sqrt(iteration)  # expect: TFM406
opt = tf.keras.optimizers.SGD(learning_rate=step_size)

xs = tf.linspace(0.0, 1.0, 20)
ys = 3.0 * xs + 1.0
for i in range(100):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * xs + b - ys))
    opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
    iteration.assign_add(1.0)
print(w.numpy(), b.numpy())

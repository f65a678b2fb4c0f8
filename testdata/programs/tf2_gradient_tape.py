# modes: tf2
# GradientTape on variables and watched tensors; a keras SGD training loop.
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x + 2.0 * x
print(tape.gradient(y, x))
w = tf.Variable([[1.0], [2.0]], name="w")
b = tf.Variable(0.0, name="b")
data = tf.constant([[1.0, 2.0], [3.0, 4.0]])
target = tf.constant([[1.0], [2.0]])
opt = tf.keras.optimizers.SGD(learning_rate=0.01)
for step in range(5):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(data, w) + b - target))
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    print(step, loss.numpy())
with tf.GradientTape() as tape:
    z = tf.constant(2.0) * 3.0
print(tape.gradient(z, x))

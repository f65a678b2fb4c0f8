# modes: tf2
# GradientTape through tf.while_loop, eagerly and inside tf.function.
import tensorflow as tf

w = tf.Variable(1.5, name="w")


@tf.function
def grad(x):
    with tf.GradientTape() as tape:
        _, y = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x + w), [tf.constant(0), tf.constant(1.0)])
    return y, tape.gradient(y, w)


print(grad(tf.constant(2.0)), grad(tf.constant(0.5)))
with tf.GradientTape() as tape:
    _, y = tf.while_loop(lambda i, y: i < 4, lambda i, y: (i + 1, y * w), [tf.constant(0), tf.constant(1.0)])
print(y, tape.gradient(y, w))

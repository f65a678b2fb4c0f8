# modes: tf2
# GradientTape through tf.cond inside tf.function and eagerly.
import tensorflow as tf

w = tf.Variable(2.0, name="w")


@tf.function
def grad(x):
    with tf.GradientTape() as tape:
        y = tf.cond(x > 0, lambda: w * x * x, lambda: -w * x)
    return tape.gradient(y, w)


print(grad(tf.constant(3.0)), grad(tf.constant(-2.0)))
with tf.GradientTape() as tape:
    y = tf.cond(tf.constant(True), lambda: w * 5.0, lambda: w)
print(tape.gradient(y, w))

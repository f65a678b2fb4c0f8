# modes: tf2
# Gradients through tensor slicing (StridedSlice), gather and concat, eagerly and in tf.function.
import tensorflow as tf

x = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(x[:, 1] * 3.0) + x[1, ::-2][0] + tf.reduce_sum(x[..., None][0])
print(tape.gradient(y, x))
with tf.GradientTape() as tape:
    z = tf.reduce_sum(tf.gather(x, [1, 1, 0]) * tf.constant([[1.0], [2.0], [3.0]]))
print(tf.convert_to_tensor(tape.gradient(z, x)))  # TF gives IndexedSlices; compare dense
with tf.GradientTape() as tape:
    c = tf.reduce_sum(tf.concat([x, x * 2.0], axis=1) ** 2)
print(tape.gradient(c, x))


@tf.function
def f():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(x[0, 1:] ** 2)
    return tape.gradient(y, x)


print(f())

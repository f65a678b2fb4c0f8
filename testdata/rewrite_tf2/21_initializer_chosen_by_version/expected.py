# The initializer picked by a version check (old tutorials support TF < 0.12), run by name.
import tensorflow as tf

count = tf.Variable(0, name="count")


@tf.function
def run_step():
    step = tf.compat.v1.assign(count, tf.add(count, tf.constant(2)))
    return step


for _ in range(3):
    run_step()
    print(count.numpy())

"""Data-dependent control flow inside tf.function (AutoGraph) and eagerly."""
import tensorflow as tf


@tf.function
def collatz_steps(n):
    steps = tf.constant(0)
    while n > 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


print(collatz_steps(tf.constant(27)))
x = tf.random.normal([5])
if tf.reduce_any(x > 3.0):
    print("outlier")

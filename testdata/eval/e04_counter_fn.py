"""A call counter ported naively from a TF1 helper."""
import tensorflow as tf


@tf.function
def increment_counter():
    counter = tf.Variable(0, dtype=tf.int32, trainable=False)  # expect: TFM401
    return counter.assign_add(1)


def accumulate(values):
    total = tf.compat.v1.get_variable("total", shape=[], initializer=tf.zeros_initializer())  # expect: TFM401
    return total.assign_add(tf.reduce_sum(values))


accumulate_fn = tf.function(accumulate)
for _ in range(3):
    increment_counter()

"""Datasets created inside tf.function bodies that create no variables."""
import tensorflow as tf


@tf.function
def windowed_sum(values):
    ds = tf.data.Dataset.from_tensor_slices(values).window(2, drop_remainder=True)
    total = tf.constant(0.0)
    for w in ds:
        total += w.reduce(0.0, lambda a, b: a + b)
    return total


class Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.count = tf.Variable(0)

    @tf.function
    def count_elements(self, n):
        for _ in tf.data.Dataset.range(n):
            self.count.assign_add(1)
        return self.count


print(windowed_sum(tf.range(6, dtype=tf.float32)), Counter().count_elements(tf.constant(3, tf.int64)))

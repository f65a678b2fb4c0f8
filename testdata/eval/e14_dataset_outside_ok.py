"""Pipeline built once in __init__, variable created lazily in the traced call."""
import tensorflow as tf


class Evaluator(tf.Module):
    def __init__(self, values):
        super().__init__()
        self.dataset = tf.data.Dataset.from_tensor_slices(values).batch(2)
        self.total = None

    @tf.function
    def __call__(self):
        if self.total is None:
            self.total = tf.Variable(0.0)
        for batch in self.dataset:
            self.total.assign_add(tf.reduce_sum(batch))
        return self.total


@tf.function
def count_records(n):
    ds = tf.data.Dataset.range(n)
    return ds.reduce(tf.constant(0, tf.int64), lambda acc, _: acc + 1)


print(Evaluator([1.0, 2.0, 3.0])())

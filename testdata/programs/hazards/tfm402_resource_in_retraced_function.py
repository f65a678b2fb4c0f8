"""TFM402: a dataset created in a function that also creates a variable on its first
call (guide pattern 1, example 2).

TF1: __call__ runs once while building the graph; the session reads [0, 1].
TF2: creating the variable makes tf.function trace twice; the second trace cannot use the
dataset made by the first one: TypeError "... is out of scope and cannot be used here".
"""
import tensorflow as tf

from common_steps import make_iterator, migrated, mode, next_element, run_steps


class Model(tf.Module):
    def __init__(self):
        self.v = None
        self.dataset = None

    @migrated
    def __call__(self):
        if self.v is None:
            self.v = tf.Variable(0)
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])
        it = make_iterator(self.dataset)
        return [self.v.read_value(), next_element(it)[0]]


print("mode:", mode())
m = Model()
try:
    print("values:", run_steps(m, 1))
except TypeError as e:
    print("TypeError:", "out of scope" in str(e))

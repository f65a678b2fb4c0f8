"""TFM403: a dict cache of datasets and iterators (guide pattern 1, example 3).

TF1: the Python cache runs once while building the graph; the session advances one
iterator: 1, 2, 3.
TF2: inside tf.function the dict writes happen only while tracing; every call replays a
graph that makes a fresh iterator: 1, 1, 1.
"""
import tensorflow as tf

from common_steps import make_iterator, migrated, mode, next_element, run_steps


class Model(tf.Module):
    def __init__(self):
        self.datasets = {}
        self.iterators = {}

    @migrated
    def __call__(self, key):
        if key not in self.datasets:
            self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])
            self.iterators[key] = make_iterator(self.datasets[key])
        return next_element(self.iterators[key])


print("mode:", mode())
m = Model()
print("values:", run_steps(lambda: m("a"), 3))

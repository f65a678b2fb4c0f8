# TF2, naive: the dict caching moved into a tf.function. The dict writes happen only while
# tracing; the traced graph creates a new dataset and iterator on every call, so every
# call returns the first element.
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.datasets = {}
        self.iterators = {}

    @tf.function
    def __call__(self, key):
        if key not in self.datasets:
            self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])
            self.iterators[key] = iter(self.datasets[key])
        return next(self.iterators[key])


m = Model()
for _ in range(3):
    print("next", m("a").numpy())

# TF2, the guide's fix: tf.init_scope lifts the dataset and iterator creation out of the
# function graph, so the cached iterator is a real, persistent object.
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.datasets = {}
        self.iterators = {}

    @tf.function
    def __call__(self, key):
        if key not in self.datasets:
            with tf.init_scope():
                self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])
                self.iterators[key] = iter(self.datasets[key])
        return next(self.iterators[key])


m = Model()
for _ in range(3):
    print("next", m("a").numpy())

# TF1 (guide, pattern 1, example 3): datasets and iterators cached in Python dicts by key;
# the same key gives the same iterator, so successive runs walk through the data.
import tensorflow as tf


class Model(object):
    def __init__(self):
        self.datasets = {}
        self.iterators = {}

    def __call__(self, key):
        if key not in self.datasets:
            self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])
            self.iterators[key] = tf.data.make_initializable_iterator(self.datasets[key])
        return self.iterators[key]


m = Model()
it = m("a")
nxt = it.get_next()
with tf.Session() as sess:
    sess.run(it.initializer)
    for _ in range(3):
        print("next", sess.run(nxt))

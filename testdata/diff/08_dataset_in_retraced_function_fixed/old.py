# TF1 (guide, pattern 1, example 2): a model that creates its variable and its dataset
# lazily on the first call; the graph is built once and run in a session.
import tensorflow as tf


class Model(object):
    def __init__(self):
        self.v = None
        self.dataset = None

    def __call__(self):
        if self.v is None:
            self.v = tf.Variable(0, name="v")
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])
        it = tf.data.make_one_shot_iterator(self.dataset)
        return [self.v, it.get_next()]


m = Model()
out = m()
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    v, x = sess.run(out)
    print("v", v, "x", x.tolist())

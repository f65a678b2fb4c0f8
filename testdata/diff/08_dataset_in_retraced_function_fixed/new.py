# TF2, the guide's fix: create the dataset (and the variable) outside the tf.function,
# in an initialize() method called once.
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None
        self.dataset = None

    def initialize(self):
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])
        if self.v is None:
            self.v = tf.Variable(0, name="v")

    @tf.function
    def __call__(self):
        it = iter(self.dataset)
        return [self.v, next(it)]


m = Model()
m.initialize()
v, x = m()
print("v", v.numpy(), "x", x.numpy().tolist())

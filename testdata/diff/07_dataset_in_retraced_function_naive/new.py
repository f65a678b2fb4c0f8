# TF2, naive: the lazy creation moved into a tf.function. Creating the variable on the
# first call makes tf.function trace again, and the second trace reads the dataset the
# first trace created: "<tf.Tensor ...> is out of scope and cannot be used here" (TypeError).
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None
        self.dataset = None

    @tf.function
    def __call__(self):
        if self.v is None:
            self.v = tf.Variable(0, name="v")
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])
        it = iter(self.dataset)
        return [self.v, next(it)]


m = Model()
v, x = m()
print("v", v.numpy(), "x", x.numpy().tolist())

# TF2, the guide's fix: create the variable once and cache it on the object.
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None

    @tf.function
    def __call__(self):
        if self.v is None:
            self.v = tf.Variable(1.0, name="v")
        return self.v * 3.0


m = Model()
print("f", m().numpy())

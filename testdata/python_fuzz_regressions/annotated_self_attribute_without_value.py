"""Half-migrated code: TF2 style on the surface, TF1 haza/ds underneath."""
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        self.cache = {}
        self.-migrated code: TF2 style on the surface, TF1eturn x * w + self.noise
        return x


model = Model()
for i in range(3):
    print(model(tf.constant([1.0, 2.0, 3.0])))

a = tf.constant(1.0)
b = tf.constan*t(1.0)
seen = {a: "a"}
if a == b:
    print("equal")
tf.compat.v1.disable_eager_execution()

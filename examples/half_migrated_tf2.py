"""Half-migrated code: TF2 style on the surface, TF1 hazards underneath."""
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        self.cache = {}
        self.step = tf.Variable(1.0)
        self.learning_rate = 1.0 / self.step  # computed once, TF1 recomputed it per run
        self.noise = tf.random.normal([3])

    @tf.function
    def __call__(self, x):
        w = tf.Variable(tf.ones([3]))  # a new variable on every call
        print("tracing with", x)
        if x.shape[0].value == 3:
            return x * w + self.noise
        return x


model = Model()
for i in range(3):
    print(model(tf.constant([1.0, 2.0, 3.0])))

a = tf.constant(1.0)
b = tf.constant(1.0)
seen = {a: "a"}
if a == b:
    print("equal")
tf.compat.v1.disable_eager_execution()

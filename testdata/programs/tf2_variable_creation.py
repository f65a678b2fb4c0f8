# modes: tf2
# Variables in tf.function: first-call creation traces twice; creation on every call fails.
import tensorflow as tf


class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = None

    @tf.function
    def __call__(self, x):
        print("tracing Scale")
        if self.w is None:
            self.w = tf.Variable(2.0, name="w")
        return self.w * x


s = Scale()
print(s(tf.constant(3.0)))
print(s(tf.constant(4.0)))
print(len(s.trainable_variables))


@tf.function
def bad(x):
    v = tf.Variable(1.0)
    return v + x


try:
    bad(tf.constant(1.0))
except ValueError as e:
    print("ValueError", "singleton" in str(e))

# modes: tf2
# Migration guide (TF1 vs TF2 behaviors), pattern 1, example 1: a tf.function that creates
# a variable on every call fails; caching the variable on the first call works. The guide
# says "trace" prints twice in both cases because the Python body runs twice.
import tensorflow as tf


def f_graph():
    v = tf.Variable(1.0)
    return v


with tf.Graph().as_default():
    with tf.compat.v1.Session() as sess:
        res = f_graph()
        sess.run(tf.compat.v1.global_variables_initializer())
        print(sess.run(res))


@tf.function
def f():
    print("trace")  # This will print twice because the python body is run twice
    v = tf.Variable(1.0)
    return v


try:
    f()
except ValueError as e:
    # TF 2.21 wraps the message in an "in user code:" traceback; print the essential part.
    print("singleton tf.Variables created on the first call" in str(e))


class Model(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self):
        print("trace")  # This will print twice because the python body is run twice
        if self.v is None:
            self.v = tf.Variable(0)
        return self.v


m = Model()
m()

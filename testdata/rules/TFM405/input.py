import tensorflow as tf


# Guide, pattern 1: the trace marker prints once per trace, not per call.
@tf.function
def f():
    print("trace")  # expect: TFM405
    v = tf.constant(1.0)
    return v


class Model(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        print("trace")  # expect: TFM405
        print("x is", x)  # expect: TFM405
        print(f"x = {x}")  # expect: TFM405
        if self.v is None:
            self.v = tf.Variable(0.0)
        return self.v + x


@tf.function
def train_step(images, labels, step):
    loss = tf.reduce_mean(images)
    print("loss", loss, sep=": ")  # expect: TFM405
    print(step, end="")  # expect: TFM405
    print("done", flush=True)  # expect: TFM405
    return loss


def nested_outer():
    @tf.function
    def inner(t):
        print(t * 2)  # expect: TFM405
        return t

    return inner


# Must not fire.
def eager_loop(ds):
    for batch in ds:
        print("batch", batch)  # ok: eager, runs every iteration


@tf.function
def good(x):
    tf.print("x =", x)  # ok: tf.print runs every call
    return x


def helper(x):
    print("not traced", x)  # ok


class Logger:
    def print(self, *a):  # ok
        return a

    def log(self, x):
        self.print(x)  # ok: a method


@tf.function
def shadowed(x):
    def print(*args):  # ok
        return args

    print(x)  # ok: a local function named print
    return x

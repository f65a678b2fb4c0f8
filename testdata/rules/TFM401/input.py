import tensorflow as tf


# Guide, pattern 1, example 1 (TF1): not traced, runs once in a graph.
def f_tf1():
    v = tf.Variable(1.0)  # ok: no tf.function
    return v


with tf.Graph().as_default():
    with tf.compat.v1.Session() as sess:
        res = f_tf1()
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(res)


# Guide: the same function wrapped in tf.function.
@tf.function
def f():
    print("trace")  # This will print twice because the python body is run twice
    v = tf.Variable(1.0)  # expect: TFM401
    return v


try:
    f()
except ValueError as e:
    print(e)


# Guide: the fix, cache the variable on the first call.
class Model(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self):
        print("trace")
        if self.v is None:
            self.v = tf.Variable(0)  # ok: created on the first call only
        return self.v


# Variants that fire.
class Dense(tf.Module):
    @tf.function
    def __call__(self, x):
        w = tf.Variable(tf.random.normal([3, 3]))  # expect: TFM401
        b = tf.compat.v1.Variable(tf.zeros([3]), name="b")  # expect: TFM401
        return tf.matmul(x, w) + b


step_fn = None


def counter_step():
    count = tf.Variable(0)  # expect: TFM401
    return count.assign_add(1)


step_fn = tf.function(counter_step)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def scale(x):
    factor = tf.Variable(2.0, trainable=False)  # expect: TFM401
    return x * factor


# Variants that must not fire.
class Cached(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.ones([3]))  # ok: created in __init__

    @tf.function
    def __call__(self, x):
        return x * self.w


class Lifted(tf.Module):
    @tf.function
    def __call__(self, x):
        with tf.init_scope():
            self.k = tf.Variable(3.0)  # ok: lifted out of the function graph
        return x * self.k


class Built(tf.Module):
    def __init__(self):
        self.built = False

    @tf.function
    def __call__(self, x):
        if not self.built:
            self.scale = tf.Variable(1.0)  # ok: first call only
            self.built = True
        return x * self.scale


def eager_helper():
    return tf.Variable(5.0)  # ok: not traced

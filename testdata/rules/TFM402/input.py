import tensorflow as tf


# Guide, pattern 1, example 2: dataset made on the first call, no variable: runs.
class ModelOk(tf.Module):
    def __init__(self):
        self.dataset = None

    @tf.function
    def __call__(self):
        print("trace")  # This will print once: only traced once
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])  # ok: no variable created here
        it = iter(self.dataset)
        return next(it)


# Guide: a variable on the first call too: the retrace makes the dataset out of scope.
class Model(tf.Module):
    def __init__(self):
        self.v = None
        self.dataset = None

    @tf.function
    def __call__(self):
        print("trace")  # This will print twice because the python body is run twice
        if self.v is None:
            self.v = tf.Variable(0)
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])  # expect: TFM402
        it = iter(self.dataset)
        return [self.v, next(it)]


# Guide: the fix, both created outside the function.
class ModelInit(tf.Module):
    def __init__(self):
        self.v = None
        self.dataset = None

    def initialize(self):
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])  # ok: outside tf.function
        if self.v is None:
            self.v = tf.Variable(0)

    @tf.function
    def __call__(self):
        it = iter(self.dataset)  # ok
        return [self.v, next(it)]


# Guide: variable still made inside, dataset moved out.
class ModelSlots(tf.Module):
    def __init__(self):
        self.v = None
        self.dataset = None

    def initialize(self):
        if self.dataset is None:
            self.dataset = tf.data.Dataset.from_tensors([1, 2, 3])  # ok

    @tf.function
    def __call__(self):
        if self.v is None:
            self.v = tf.Variable(0)
        it = iter(self.dataset)  # ok: the dataset is an implicit input
        return [self.v, next(it)]


# Variants that fire.
class Reader(tf.Module):
    def __init__(self):
        self.acc = None

    @tf.function
    def read(self, files):
        if self.acc is None:
            self.acc = tf.Variable(0.0)
        ds = tf.data.TFRecordDataset(files).batch(4)  # expect: TFM402
        for rec in ds:
            self.acc.assign_add(1.0)
        return self.acc


class Lookup(tf.Module):
    def __init__(self):
        self.hits = None

    @tf.function
    def __call__(self, keys):
        if self.hits is None:
            self.hits = tf.Variable(0)
        table = tf.lookup.StaticHashTable(  # expect: TFM402
            tf.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2]), -1)
        return table.lookup(keys)


class Numbers(tf.Module):
    def __init__(self):
        self.total = None

    @tf.function
    def run(self):
        if self.total is None:
            self.total = tf.Variable(0)
        it = iter(tf.data.Dataset.range(5))  # expect: TFM402
        return next(it) + self.total


# Variants that must not fire.
@tf.function
def stream(n):
    ds = tf.data.Dataset.range(n)  # ok: no variable in this function
    return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a + b)


class Lifted(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self):
        if self.v is None:
            self.v = tf.Variable(1)
        with tf.init_scope():
            ds = tf.data.Dataset.range(3)  # ok: lifted out by init_scope
        return self.v


def make_pipeline():
    w = tf.Variable(1.0)
    return tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) * w)  # ok: not traced

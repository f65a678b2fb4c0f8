import tensorflow as tf

# Guide, pattern 1, example 3 (TF1): the dict cache works in a graph.
class ModelTf1(tf.Module):
    def __init__(self):
        self.datasets = {}
        self.iterators = {}

    def __call__(self, key):
        if key not in self.datasets:
            self.datasets[key] = tf.compat.v1.data.Dataset.from_tensor_slices([1, 2, 3])  # ok: no tf.function
            self.iterators[key] = self.datasets[key].make_initializable_iterator()  # ok
        return self.iterators[key]


# Guide: the same cache inside tf.function; prints 1, 1, 1.
class Model(tf.Module):
    def __init__(self):
        self.datasets = {}
        self.iterators = {}

    @tf.function
    def __call__(self, key):
        if key not in self.datasets:
            self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])  # expect: TFM403
            self.iterators[key] = iter(self.datasets[key])  # expect: TFM403
        return self.iterators[key]


m = Model()
for _ in range(3):
    print(next(m('a')))  # prints 1, 1, 1


# Guide: the fix with tf.init_scope(); prints 1, 2, 3.
class ModelFixed(tf.Module):
    def __init__(self):
        self.datasets = {}
        self.iterators = {}

    @tf.function
    def __call__(self, key):
        if key not in self.datasets:
            # Lifts ops out of function-building graphs
            with tf.init_scope():
                self.datasets[key] = tf.data.Dataset.from_tensor_slices([1, 2, 3])  # ok: init_scope
                self.iterators[key] = iter(self.datasets[key])  # ok: init_scope
        return self.iterators[key]


# Variants that fire.
call_count = 0
history = []


@tf.function
def step(x):
    global call_count  # expect: TFM403
    call_count += 1
    history.append(x)  # expect: TFM403
    return x * 2


class Trainer(tf.Module):
    def __init__(self):
        self.steps = 0
        self.seen = set()
        self.training = True

    @tf.function
    def train(self, x):
        self.steps += 1  # expect: TFM403
        self.seen.add("batch")  # expect: TFM403
        self.training = False  # expect: TFM403
        return x


# Variants that must not fire.
class Counter(tf.Module):
    def __init__(self):
        self.count = tf.Variable(0)
        self.v = None

    @tf.function
    def __call__(self, x):
        self.count.assign_add(1)  # ok: a variable update runs every call
        if self.v is None:
            self.v = tf.Variable(1.0)  # ok: variable cache
        outputs = []
        for i in range(3):
            outputs.append(x * i)  # ok: a local list
        return tf.add_n(outputs) * self.v


def eager_step(x):
    history.append(x)  # ok: not traced
    return x


@tf.function
def local_state(x):
    cache = {}
    cache["y"] = x + 1  # ok: local dict
    return cache["y"]


holder = [None]


@tf.function
def build_once(x):
    if not holder[0]:
        holder[0] = tf.keras.layers.Dense(2)  # ok: created on the first trace only (a one-element holder)
    return holder[0](x)


def count_traces(x):
    traces = []

    @tf.function
    def f():
        traces.append(1)  # ok: a local tf.function called once below: that call traces, so this runs on it
        return x * 2

    f()
    return len(traces)


def trace_log_in_loop(xs):
    seen = []

    @tf.function
    def g(x):
        seen.append(x)  # expect: TFM403 (called on every iteration: later calls skip the append)
        return x

    for x in xs:
        g(x)
    return seen


def trace_log_escapes():
    seen = []

    @tf.function
    def h(x):
        seen.append(x)  # expect: TFM403 (the function is returned: its callers call it again)
        return x

    h(1.0)
    return h

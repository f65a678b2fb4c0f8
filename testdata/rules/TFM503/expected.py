import functools

import tensorflow as tf

# Guide: hashing tensors and variables.
tf.compat.v1.enable_tensor_equality()
x = tf.Variable(0.0)

try:
    set([x, tf.constant(2.0)])  # expect: TFM503
except TypeError as e:
    # TypeError: Variable is unhashable. Instead, use tensor.ref() as the key.
    print(e)

# Guide: the fix, .ref() keys.
tensor_set = set([x.ref(), tf.constant(2.0).ref()])  # ok
assert x.ref() in tensor_set  # ok
referenced_var = x.ref().deref()  # ok
assert referenced_var is x  # ok

# Variants that fire.
w = tf.Variable(tf.ones([3]))
b = tf.Variable(tf.zeros([3]))
lr_by_var = {w: 0.1, b: 0.01}  # expect: TFM503
seen = set()
seen.add(w)  # expect: TFM503
grads = {}
grads[b] = tf.zeros([3])  # expect: TFM503
if w in lr_by_var:  # expect: TFM503
    pass
members = {w, b}  # expect: TFM503


@functools.lru_cache(maxsize=None)
def compiled_for(t):
    return t


compiled_for(tf.constant(1.0))  # expect: TFM503

# Variants that must not fire.
lr_by_ref = {w.ref(): 0.1, b.ref(): 0.01}  # ok
names = {"w": w, "b": b}  # ok: tensors as values
index = {v.name: v for v in [w, b]}  # ok: names as keys
ph = tf.compat.v1.placeholder(tf.float32, [None])
feed = {ph: [1.0, 2.0]}  # ok: a placeholder feed in a graph
shapes = {tuple(w.shape): "w"}  # ok: a shape tuple


def run_feed(sess, y, data):
    return sess.run(y, feed_dict={ph: data})  # ok


class Trainer:
    def build(self):
        self.lr_ph = tf.compat.v1.placeholder(tf.float32, [])
        self.step = tf.constant(0.1) * self.lr_ph

    def train(self, sess, lr, loss):
        fed = {self.lr_ph: lr}  # ok: `self.lr_ph` is a placeholder (assigned in build)
        return sess.run(loss, fed)

    def train_mapped(self, sess, loss, steps):
        td_map = {self.step: steps}  # ok: the dict feeds the session's run below
        return sess.run(loss, td_map)

    def train_extra(self, sess, loss, steps, extra):
        td_map = {}
        td_map[self.step] = steps  # ok: fed below
        td_map[extra] = 1.0  # ok: fed below
        return sess.run(loss, td_map), sess.run(loss, {self.step: 2.0})  # ok: run's feed argument

    def cache(self):
        return {self.step: 1}  # expect: TFM503


def store(data):
    stored = {}
    for key, value in data.items():
        if isinstance(key, tf.Tensor):
            stored[key] = value  # expect: TFM503
        elif isinstance(key, (tf.Variable, tf.Tensor)):
            stored[key] = value  # expect: TFM503
        else:
            stored[key] = value  # ok: not known to be a tensor
    feed = {}
    for key, value in data.items():
        if isinstance(key, tf.Tensor):
            feed[key] = value  # ok: fed to the op's run below
    init = tf.compat.v1.global_variables_initializer()
    init.run(feed)
    return stored


def dedup():
    var = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES)
    assert len(set(var)) == len(var)  # expect: TFM503
    names = set(v.name for v in var)  # ok: strings
    return names


def rewrite(graph_out, copy_fn):
    swap_back = {}
    ph = tf.compat.v1.placeholder(tf.float32)
    swap_back[ph] = graph_out  # expect: TFM503
    return copy_fn(graph_out, swap_back)


# `tf.case` with a dict keyed by predicates: TF2 takes a list of (predicate, fn) pairs.
# With exclusive=True (at most one predicate holds) the order is no matter: fixed (unsafe).
p, q = tf.constant(1.0), tf.constant(2.0)
out = tf.case([(tf.less(p, q), lambda: p + q),  # expect: TFM503
               (tf.greater(p, q), lambda: p - q)],  # expect: TFM503
              default=lambda: tf.constant(0.0), exclusive=True)
# Not exclusive: TF1 tried the predicates sorted by their graph names; no fix.
first = tf.case({tf.less(p, q): lambda: p, tf.equal(p, q): lambda: q}, default=lambda: p)  # expect: TFM503

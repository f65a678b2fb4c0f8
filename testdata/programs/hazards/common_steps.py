"""Helpers shared by the hazard programs (imported, not a program itself).

run_steps(step_fn, n, after=None) is the whole point of these programs: under TF1
behavior it builds the step once and runs it n times in a session (what TF1 code did);
under TF2 behavior it calls the step n times eagerly (what naively migrated code does).
migrated(fn) wraps a function in tf.function under TF2 behavior only, the way a
migration adds @tf.function to code that TF1 ran as plain graph-building Python.
"""
import tensorflow as tf


def to_py(v):
    if isinstance(v, (list, tuple)):
        return [to_py(x) for x in v]
    if hasattr(v, "numpy"):
        v = v.numpy()
    if hasattr(v, "tolist"):
        v = v.tolist()
    if isinstance(v, float):
        return round(v, 4)
    return v


def run_steps(step_fn, n, after=None):
    if tf.executing_eagerly():
        out = []
        for _ in range(n):
            out.append(to_py(step_fn()))
            if after is not None:
                after()
        return out
    fetch = step_fn()
    after_op = after() if after is not None else None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        out = []
        for _ in range(n):
            out.append(to_py(sess.run(fetch)))
            if after_op is not None:
                sess.run(after_op)
        return out


def migrated(fn):
    return tf.function(fn) if tf.executing_eagerly() else fn


def mode():
    return "tf2" if tf.executing_eagerly() else "tf1"


def _function_or_eager():
    return tf.executing_eagerly() or tf.inside_function()


def make_iterator(dataset):
    """`iter(ds)` where TF2 allows it (eager, tf.function), a v1 one-shot iterator in a TF1 graph."""
    return iter(dataset) if _function_or_eager() else tf.compat.v1.data.make_one_shot_iterator(dataset)


def next_element(it):
    return next(it) if _function_or_eager() else it.get_next()

"""TFM401: a variable created on every call of a function (guide pattern 1, example 1).

TF1: f() runs once while building the graph; the session reads the variable (1.0).
TF2: the same function as a tf.function creates a variable on every trace and raises
ValueError ("tf.function only supports singleton tf.Variables created on the first call").
"""
import tensorflow as tf

from common_steps import migrated, mode, run_steps


@migrated
def f():
    v = tf.Variable(1.0)
    return v.read_value()


print("mode:", mode())
try:
    print("values:", run_steps(f, 2))
except ValueError as e:
    print("ValueError:", "singleton tf.Variables created on the first call" in str(e))

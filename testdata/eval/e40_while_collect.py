"""Collecting per-iteration tensors out of a while loop."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
steps_out = []
x0 = tf.compat.v1.placeholder(tf.float32, [4])


def cond(i, x):
    return i < 5


def body(i, x):
    nx = tf.tanh(x) * 0.5
    steps_out.append(nx)  # expect: TFM601
    return i + 1, nx


_, final = tf.while_loop(cond, body, [tf.constant(0), x0])
trajectory = tf.stack(steps_out)

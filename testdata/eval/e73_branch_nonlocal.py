"""Debug tensors smuggled out of branches with nonlocal."""
import tensorflow as tf


def build(x, use_square):
    debug = None

    def square_branch():
        nonlocal debug
        debug = tf.square(x)  # expect: TFM601
        return debug + 1.0

    def identity_branch():
        return x

    out = tf.cond(use_square, square_branch, identity_branch)
    return out, debug

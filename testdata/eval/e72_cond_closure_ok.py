"""tf.cond branches that read outer tensors and return their results."""
import tensorflow as tf


def clipped_update(grad, threshold):
    norm = tf.norm(grad)

    def scale_down():
        factor = threshold / norm
        return grad * factor

    def keep():
        return grad

    return tf.cond(norm > threshold, scale_down, keep)


def piecewise(x):
    return tf.switch_case(tf.cast(x > 0, tf.int32), [lambda: -x, lambda: x * 2.0])


print(clipped_update(tf.ones([3]) * 10.0, 1.0), piecewise(tf.constant(2.0)))

"""Memoising kernels by their size tensor."""
import functools

import tensorflow as tf


@functools.lru_cache(maxsize=32)
def gaussian_kernel(size, sigma=1.0):
    x = tf.range(-size // 2 + 1, size // 2 + 1, dtype=tf.float32)
    g = tf.exp(-(x ** 2) / (2.0 * sigma ** 2))
    return g / tf.reduce_sum(g)


k1 = gaussian_kernel(5)
size = tf.constant(7)
k2 = gaussian_kernel(size)  # expect: TFM503

"""Micro-benchmark over input sizes: one trace per size."""
import time

import tensorflow as tf


@tf.function
def matmul_chain(a, depth):
    for _ in range(depth):
        a = tf.matmul(a, a) / tf.cast(tf.shape(a)[0], tf.float32)
    return a


for n in [8, 16, 32, 64]:
    start = time.perf_counter()
    matmul_chain(tf.ones([n, n]), n // 8)  # expect: TFM407
    print(n, time.perf_counter() - start)

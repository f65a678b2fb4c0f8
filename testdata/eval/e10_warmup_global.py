"""Warm-up handled with a module-level flag."""
import tensorflow as tf

warmup_done = False
scale = tf.Variable(0.1)


@tf.function
def apply_scale(x):
    global warmup_done  # expect: TFM403
    if not warmup_done:
        warmup_done = True
        return x * 0.0
    return x * scale


for _ in range(3):
    apply_scale(tf.ones([2]))

# TF2, naive: the placeholder became an argument, but the loop passes a Python int; each
# new Python value is part of the trace key, so the function is traced on every call.
import numpy as np
import tensorflow as tf


@tf.function
def step_fn(x, scale):
    return tf.reduce_sum(x * scale + 1.0)


data = np.arange(4, dtype=np.float32)
for step in range(6):
    out = step_fn(data, step)
    print("step", step, "out", out.numpy())

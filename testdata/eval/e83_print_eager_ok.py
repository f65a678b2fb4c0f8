"""Printing from eager code and tf.print from compiled code."""
import logging

import tensorflow as tf

logging.basicConfig(level=logging.INFO)


@tf.function
def step(x):
    tf.print("step input", x)
    return x * 2


for i in range(3):
    y = step(tf.constant(float(i)))
    print("eager result", y.numpy())
    logging.info("done %d", i)

# TF2, naive: the same function wrapped in tf.function. The variable creation runs on
# every trace; tf.function retraces when a variable is created on the first call and
# raises ValueError on the second creation.
import tensorflow as tf


@tf.function
def f():
    v = tf.Variable(1.0, name="v")
    return v * 3.0


print("f", f().numpy())

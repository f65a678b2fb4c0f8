# TF2, naive: the print moved into the tf.function together with the step. Python's
# print runs while tracing only: one line, showing a symbolic tensor, not three values.
import tensorflow as tf

x = tf.Variable(1.0, name="x")


@tf.function
def step():
    val = x.assign(x * 2.0)
    print("value", val)
    return val


for i in range(3):
    step()

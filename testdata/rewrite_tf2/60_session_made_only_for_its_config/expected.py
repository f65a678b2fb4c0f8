# Sessions made only for their configuration: nothing runs them, so nothing they configure
# reaches a run (a session's options are its own runs'; TF1 sets the GPUs up with the first
# session's gpu_options). They go, with the ConfigProto made and set only for them.
import tensorflow as tf


@tf.function
def run_y():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.matmul(x, x)
    return y


@tf.function
def run_y_2():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.matmul(x, x)
    return y + 1.0


print("y", run_y().numpy())

print("y + 1", run_y_2().numpy())

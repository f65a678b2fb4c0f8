# Examples one after another, each with its own session over the ops it built (the
# tutorial shape): nothing a later session runs reaches an earlier example's tensors, so
# each example is a part of its own, converted like the parts between graph resets.
import numpy as np
import tensorflow as tf

# Example 1: a placeholder


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_y(x):
    y = x * 2.0 + 1.0
    return y


print("y", run_y(x=np.array([1.0, 2.0, 3.0], np.float32)).numpy())

# Example 2: a variable, in a session of its own
w = tf.Variable([1.0, 2.0])


@tf.function
def run_grow():
    grow = w.assign(w * 3.0)
    return grow


print("grow", run_grow().numpy())
print("grow", run_grow().numpy())


@tf.function
def run_y_2():
    # Example 3: the names x and y again, for other tensors
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.matmul(x, x)
    return y


print("y", run_y_2().numpy())

# TF2, naive: the same code in a tf.function. Control flow v2 traces each branch as its
# own function graph, and the escaped tensor cannot be used outside it
# (InaccessibleTensorError).
import tensorflow as tf


@tf.function
def model(x):
    captured = []

    def true_fn():
        doubled = x * 2.0
        captured.append(doubled)
        return doubled + 1.0

    def false_fn():
        return x - 1.0

    y = tf.cond(x > 0.0, true_fn, false_fn)
    z = captured[0] * 10.0
    return [y, z]


for value in [3.0, 0.5]:
    out_y, out_z = [t.numpy() for t in model(tf.constant(value))]
    print("x", value, "y", out_y, "z", out_z)

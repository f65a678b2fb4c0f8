# TF2, fixed: the value needed after the cond is computed outside the branch (it does not
# depend on the predicate), and the branch only uses it.
import tensorflow as tf


@tf.function
def model(x):
    doubled = x * 2.0

    def true_fn():
        return doubled + 1.0

    def false_fn():
        return x - 1.0

    y = tf.cond(x > 0.0, true_fn, false_fn)
    z = doubled * 10.0
    return [y, z]


for value in [3.0, 0.5]:
    out_y, out_z = [t.numpy() for t in model(tf.constant(value))]
    print("x", value, "y", out_y, "z", out_z)

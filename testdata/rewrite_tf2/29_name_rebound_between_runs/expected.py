# A session made first, graph built between its runs, and a name bound again between two
# runs (the cookbook's `x_vals`): each run fetches what the name was bound to then.
import tensorflow as tf


@tf.function
def run_l2_y_vals():
    x_vals = tf.linspace(-1., 1., 5)
    target = tf.constant(0.)
    l2_y_vals = tf.square(target - x_vals)
    return l2_y_vals


@tf.function
def run_x_vals():
    x_vals = tf.linspace(-1., 1., 5)
    return x_vals


@tf.function
def run_hinge_y_vals():
    x_vals = tf.linspace(-3., 5., 5)
    target = tf.constant(1.)
    hinge_y_vals = tf.maximum(0., 1. - tf.multiply(target, x_vals))
    return hinge_y_vals


@tf.function
def run_x_vals_2():
    x_vals = tf.linspace(-3., 5., 5)
    return x_vals


l2_y_out = run_l2_y_vals().numpy()
x_array = run_x_vals().numpy()
print("l2", l2_y_out.round(4).tolist(), "x", x_array.tolist())

hinge_y_out = run_hinge_y_vals().numpy()
x_array = run_x_vals_2().numpy()
print("hinge", hinge_y_out.round(4).tolist(), "x", x_array.tolist())

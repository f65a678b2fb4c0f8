# A session made first, graph built between its runs, and a name bound again between two
# runs (the cookbook's `x_vals`): each run fetches what the name was bound to then.
import tensorflow as tf

sess = tf.Session()

x_vals = tf.linspace(-1., 1., 5)
target = tf.constant(0.)
l2_y_vals = tf.square(target - x_vals)
l2_y_out = sess.run(l2_y_vals)
x_array = sess.run(x_vals)
print("l2", l2_y_out.round(4).tolist(), "x", x_array.tolist())

x_vals = tf.linspace(-3., 5., 5)
target = tf.constant(1.)
hinge_y_vals = tf.maximum(0., 1. - tf.multiply(target, x_vals))
hinge_y_out = sess.run(hinge_y_vals)
x_array = sess.run(x_vals)
print("hinge", hinge_y_out.round(4).tolist(), "x", x_array.tolist())

"""Eager TF2 code branching on tensor values: fine."""
import tensorflow as tf

best = float("inf")
w = tf.Variable(3.0)
for step in range(10):
    loss = tf.square(w - 1.0)
    if loss < best:
        best = float(loss)
    w.assign_sub(0.1 * 2.0 * (w - 1.0))
    if tf.executing_eagerly() and step % 5 == 0:
        print(step, best)

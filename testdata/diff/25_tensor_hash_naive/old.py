# TF1: per-variable learning-rate multipliers in a dict keyed by the variables.
import tensorflow as tf

w = tf.Variable([1.0, 2.0], name="w")
b = tf.Variable(0.5, name="b")
lr_mult = {w: 1.0, b: 0.1}
loss = tf.reduce_sum(w * w) + b * b
grads = tf.gradients(loss, [w, b])
updates = [v.assign_sub(0.1 * lr_mult[v] * g) for v, g in zip([w, b], grads)]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(2):
        new_w, new_b = sess.run(updates)
        print("step", step, "w", [round(float(a), 5) for a in new_w], "b", round(float(new_b), 5))

"""TF1: a learning rate that decays with the step counter, recomputed by every sess.run.

Its TF2 port, lr_decay_tf2.py, looks right and trains differently:
    tfmigrate diff examples/lr_decay_tf1.py examples/lr_decay_tf2.py
"""
import tensorflow as tf

w = tf.Variable(4.0, name="w")
step_count = tf.Variable(1.0, name="step_count", trainable=False)
learning_rate = 1.0 / step_count
loss = 0.1 * tf.square(w)
grad = tf.gradients(loss, [w])[0]
train = tf.assign_sub(w, learning_rate * grad)
with tf.control_dependencies([train]):
    advance = tf.assign_add(step_count, 1.0)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        sess.run(advance)
        print("step", i, "w", sess.run(w))

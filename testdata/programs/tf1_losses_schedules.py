# modes: tf1
# TF1 tf.losses: huber_loss, log_loss, absolute_difference, sigmoid_cross_entropy,
# hinge_loss and compute_weighted_loss with weights and every Reduction (default
# SUM_BY_NONZERO_WEIGHTS), the LOSSES collection and get_total_loss, gradients through
# them; tf.train schedules: piecewise_constant, polynomial (cycle), natural_exp,
# inverse_time (staircase) and cosine decay, stepped by a global step.
import numpy as np
import tensorflow as tf

labels = tf.constant([[0.0, 1.0, 2.0], [1.0, 0.5, -1.0]])
pred = tf.Variable([[0.5, 2.5, 1.8], [1.0, -1.0, 0.0]])
probs = tf.constant([[0.2, 0.7, 0.9], [0.5, 0.01, 0.99]])
bins = tf.constant([[0.0, 1.0, 1.0], [1.0, 0.0, 1.0]])
w = tf.constant([[1.0, 0.0, 2.0], [0.5, 0.0, 1.0]])

hl = tf.losses.huber_loss(labels, pred)
hl_w = tf.losses.huber_loss(labels, pred, weights=w, delta=0.5)
ll = tf.losses.log_loss(bins, probs)
ll_w = tf.losses.log_loss(bins, probs, weights=tf.constant([[2.0], [0.0]]))
ad = tf.losses.absolute_difference(labels, pred, weights=3.0)
sc = tf.losses.sigmoid_cross_entropy(bins, pred)
sc_s = tf.losses.sigmoid_cross_entropy(bins, pred, weights=w, label_smoothing=0.2)
hg = tf.losses.hinge_loss(bins, pred)
R = tf.losses.Reduction
reds = [tf.losses.absolute_difference(labels, pred, weights=w, reduction=r, loss_collection=None)
        for r in (R.NONE, R.SUM, R.MEAN, R.SUM_OVER_BATCH_SIZE, R.SUM_BY_NONZERO_WEIGHTS)]
cw = tf.losses.compute_weighted_loss(tf.constant([1.0, 2.0, 3.0]), weights=tf.constant([0.0, 1.0, 1.0]))
mse = tf.losses.mean_squared_error(labels, pred, weights=w)
print(hl.shape, reds[0].shape, len(tf.get_collection(tf.GraphKeys.LOSSES)))
total = tf.losses.get_total_loss()
grads = tf.gradients(hl + hl_w + ad + sc + sc_s + hg + mse, pred)[0]

step = tf.Variable(0, dtype=tf.int64, trainable=False)
inc = tf.assign_add(step, 3)
lrs = [tf.train.piecewise_constant(step, [4, 9], [1.0, 0.5, 0.1]),
       tf.train.piecewise_constant(tf.cast(step, tf.int32), [5], [0.3, 0.03]),
       tf.train.polynomial_decay(0.1, step, 10, end_learning_rate=0.01, power=2.0),
       tf.train.polynomial_decay(0.1, step, 4, cycle=True),
       tf.train.natural_exp_decay(0.1, step, 5, 0.5),
       tf.train.natural_exp_decay(0.1, step, 5, 0.5, staircase=True),
       tf.train.inverse_time_decay(0.1, step, 4, 0.5),
       tf.train.inverse_time_decay(0.1, step, 4, 0.5, staircase=True),
       tf.train.cosine_decay(0.1, step, 10),
       tf.train.cosine_decay(0.1, step, 10, alpha=0.1)]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([hl, hl_w, ll, ll_w, ad, sc, sc_s, hg, cw, mse]))
    print(sess.run(reds))
    print(sess.run(total))
    print(sess.run(grads))
    for _ in range(5):
        print(sess.run(lrs))
        sess.run(inc)

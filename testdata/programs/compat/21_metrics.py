# tf.metrics (local variables, update ops) accumulated over batches.
import numpy as np
import tensorflow as tf

labels = tf.placeholder(tf.int64, [None])
preds = tf.placeholder(tf.int64, [None])
acc, acc_update = tf.metrics.accuracy(labels, preds)
mean, mean_update = tf.metrics.mean(tf.to_float(preds))
with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    batches = [([1, 0, 1, 1], [1, 1, 1, 0]), ([0, 0], [0, 0]), ([1, 1, 1], [1, 0, 1])]
    for l, p in batches:
        sess.run([acc_update, mean_update], {labels: l, preds: p})
    print("accuracy", round(float(sess.run(acc)), 4))
    print("mean", round(float(sess.run(mean)), 4))
    print("locals", len(tf.local_variables()))

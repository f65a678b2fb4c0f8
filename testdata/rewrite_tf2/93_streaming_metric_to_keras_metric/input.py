# A v1 streaming metric (tf.metrics.accuracy: its value and update op, local variables
# initialized by local_variables_initializer): a Keras metric made once, whose call is the
# update and whose result() the value, each in the function of its run.
import numpy as np
import tensorflow as tf

labels = tf.placeholder(tf.int64, [None])
preds = tf.placeholder(tf.int64, [None])
acc, acc_update = tf.metrics.accuracy(labels, preds)
with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    for batch in range(3):
        sess.run(acc_update, {labels: np.array([0, 1, 1, 0]), preds: np.array([0, 1, batch % 2, 1])})
        print(batch, sess.run(acc))

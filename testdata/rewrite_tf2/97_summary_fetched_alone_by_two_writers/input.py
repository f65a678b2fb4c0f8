# A merged summary fetched alone, every other step, written by two FileWriters (train and
# test) with add_summary's global_step keyword; one scalar summary.
import os
import tempfile

import numpy as np
import tensorflow as tf

logdir = tempfile.mkdtemp()
data = np.array([[0.5], [1.0], [1.5], [-2.0]], dtype=np.float32)
target = np.array([[1.0], [2.0], [3.0], [-4.0]], dtype=np.float32)
x = tf.placeholder(tf.float32, [None, 1])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable([[0.5]], name="w")
error = tf.reduce_mean(tf.abs(tf.matmul(x, w) - y))
train = tf.train.GradientDescentOptimizer(0.05).minimize(error)
tf.summary.scalar("mean_abs_error", error)
merged = tf.summary.merge_all()

with tf.Session() as sess:
    train_writer = tf.summary.FileWriter(os.path.join(logdir, "train"), sess.graph)
    test_writer = tf.summary.FileWriter(os.path.join(logdir, "test"))
    sess.run(tf.global_variables_initializer())
    for step in range(10):
        sess.run(train, feed_dict={x: data, y: target})
        if step % 2 == 0:
            summary = sess.run(merged, feed_dict={x: data, y: target})
            train_writer.add_summary(summary, global_step=step)
            summary = sess.run(merged, feed_dict={x: data[:2], y: target[:2]})
            test_writer.add_summary(summary, step)
            print(step, sess.run(w)[0, 0].round(5))
    train_writer.close()
    test_writer.close()
for sub in ("train", "test"):
    print(sub, len(os.listdir(os.path.join(logdir, sub))))

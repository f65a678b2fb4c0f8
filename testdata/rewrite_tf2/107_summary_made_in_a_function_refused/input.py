# v1 summaries made by a function of the script: refused with the reason on the summary's
# line (the conversion writes module-level summary statements, with TF1's tags).
import os
import tempfile

import numpy as np
import tensorflow as tf

logdir = tempfile.mkdtemp()
data = np.array([[0.5, 1.0], [1.0, -0.5], [1.5, 0.25], [-2.0, 1.0]], dtype=np.float32)
target = np.array([[1.0], [0.0], [1.0], [0.0]], dtype=np.float32)
x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.zeros([2, 1]), name="w")
b = tf.Variable(0.0, name="b")
pred = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.square(pred - y))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)


def add_summaries(value, weights):
    tf.summary.scalar("loss", value)
    tf.summary.histogram("weights", weights)


add_summaries(loss, w)
merged = tf.summary.merge_all()

with tf.Session() as sess:
    writer = tf.summary.FileWriter(logdir, sess.graph)
    sess.run(tf.global_variables_initializer())
    for i in range(20):
        summary, _, l = sess.run([merged, train, loss], feed_dict={x: data, y: target})
        writer.add_summary(summary, i)
        if i % 5 == 0:
            print(i, round(float(l), 5))
    writer.close()
print("event files", len([f for f in os.listdir(logdir) if f.startswith("events.out.tfevents")]))

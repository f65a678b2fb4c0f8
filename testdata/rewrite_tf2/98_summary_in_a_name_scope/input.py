# v1 summaries, one made in a name scope (TF1 tags it "metrics/loss"): the scope block goes,
# and the TF2 summary is written with the scope's name in its tag.
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
with tf.name_scope("metrics"):
    tf.summary.scalar("loss", loss)
tf.summary.histogram("weights", w)
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

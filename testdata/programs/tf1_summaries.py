# modes: tf1
# tf.summary.scalar evaluates to TF's serialized Summary bytes (tag from the name scope,
# uniquified), merge_all concatenates them, FileWriter writes an events file.
import os
import tempfile

import tensorflow as tf

logdir = tempfile.mkdtemp(prefix="tfm-summaries-")
w = tf.Variable(2.0, name="w")
loss = tf.square(w - 1.0)
with tf.name_scope("train"):
    tf.summary.scalar("loss", loss)
tf.summary.scalar("w", w)
merged = tf.summary.merge_all()
step = tf.train.GradientDescentOptimizer(0.25).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    writer = tf.summary.FileWriter(logdir, sess.graph)
    for i in range(3):
        s = sess.run(merged)  # read before the update (one run with both would race in TF)
        sess.run(step)
        print("merged", s)
        writer.add_summary(s, i)
    print("single", sess.run(tf.summary.scalar("single", w * 10.0)))
    writer.close()
files = [f for f in os.listdir(logdir) if f.startswith("events.out.tfevents.")]
print("event files", len(files), os.path.getsize(os.path.join(logdir, files[0])) > 0)
import shutil  # noqa: E402
shutil.rmtree(logdir)

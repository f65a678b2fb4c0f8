# A FileWriter made for TensorBoard's graph view and closed: TF2's
# tf.summary.create_file_writer makes the same directory and event file; TF2 has no graph
# to write there (the summary notes it), the runs become functions as usual.
import os
import tempfile

import tensorflow as tf

logdir = os.path.join(tempfile.mkdtemp(), "graphs")
a = tf.constant([1.0, 2.0, 3.0], name="a")
b = tf.constant(4.0, name="b")
scaled = tf.multiply(a, b, name="scaled")
with tf.Session() as sess:
    writer = tf.summary.FileWriter(logdir, sess.graph)
    print("scaled", sess.run(scaled))
    writer.flush()
writer.close()
print("event files", len([f for f in os.listdir(logdir) if f.startswith("events.out.tfevents")]))

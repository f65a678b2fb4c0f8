# TF1 summaries: scalar/histogram ops collected by merge_all, written by FileWriter.
import tempfile

import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None])
loss = tf.reduce_mean(tf.square(x))
tf.summary.scalar("loss", loss)
tf.summary.histogram("values", x)
merged = tf.summary.merge_all()
with tempfile.TemporaryDirectory() as d:
    writer = tf.summary.FileWriter(d)
    with tf.Session() as sess:
        for step in range(3):
            s = sess.run(merged, {x: np.arange(4, dtype=np.float32) + step})
            writer.add_summary(s, step)
            summ = tf.Summary.FromString(s)
            print(step, [(v.tag, round(v.simple_value, 3) if v.HasField("simple_value") else int(v.histo.num))
                         for v in summ.value])
    writer.close()
print("collection size", len(tf.get_collection(tf.GraphKeys.SUMMARIES)))

# modes: tf1
# TF1's summary ops as TensorFlow's nodes (tf-slim's tests check op.type): ScalarSummary and
# HistogramSummary (TensorFlow's default buckets, empty runs collapsed) with their tag Consts,
# MergeSummary (duplicate tags refused), the family prefix, the Summary bytes byte for byte;
# summary_iterator reading an event file back; tf.Print (an identity that writes its message
# and each datum summarized to stderr, first_n runs), read here from a redirected fd 2.
import os
import tempfile

import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
x = tf.constant([1.5, -2.0, 0.0, 3e-13, 7.0])
s1 = tf.summary.scalar("loss", tf.reduce_mean(x))
s2 = tf.summary.histogram("w", x)
s3 = tf.summary.scalar("loss", x[0], family="fam")
m = tf.summary.merge_all()
m2 = tf.summary.merge([s1, s2], name="mm")
print(s1.op.type, s1.op.name, s2.op.type, s2.op.name, s3.op.name, m.op.type, m.op.name, m2.op.name)
print([i.op.name for i in s1.op.inputs], [i.op.name for i in s2.op.inputs], s1.shape, s1.dtype)
logdir = tempfile.mkdtemp(prefix="tfm-summary-ops-")
with tf.Session() as sess:
    for t in (s1, s2, s3, m, m2):
        b = sess.run(t)
        print(type(b).__name__, len(b), b.hex())
    for bad, words in ((tf.summary.merge([s1, s1]), "Duplicate tag loss"),
                       (tf.summary.scalar("v", x), "not the same shape"),
                       (tf.summary.histogram("h", x / 0.0), "Infinity in Histogram for: h"),
                       (tf.summary.histogram("h", x * float("nan")), "Nan in summary histogram for: h_1")):
        try:
            sess.run(bad)
        except tf.errors.InvalidArgumentError as e:
            print("InvalidArgumentError", words in str(e))
    print(sess.run(tf.summary.histogram("e", tf.zeros([0]))).hex())
    w = tf.summary.FileWriter(logdir)
    w.add_summary(sess.run(m), 7)
    w.close()
    path = os.path.join(logdir, os.listdir(logdir)[0])
    for e in tf.train.summary_iterator(path):
        print(e.step, e.file_version, [(v.tag, round(v.simple_value, 4), v.histo.num, list(v.histo.bucket))
                                       for v in e.summary.value])

    a = tf.reshape(tf.range(12), [3, 4])
    b3 = tf.reshape(tf.range(8), [2, 2, 2])
    prints = [tf.Print(x, [x, a, "s\n", True], "P|msg: ", summarize=4),
              tf.Print(1, [a], "P|a-1 ", summarize=-1), tf.Print(1, [a], "P|a3 "),
              tf.Print(1, [b3], "P|b3 "), tf.Print(1, [b3], "P|b6 ", summarize=6),
              tf.Print(1, [tf.zeros([0, 3])], "P|empty "),
              tf.Print(1, [tf.constant(2.5), tf.constant([1e10, 0.1], tf.float64), tf.constant(["a'b"])], "P|s ")]
    once = tf.Print(x[0], [x], "P|once ", first_n=1)
    print(prints[0].op.type, prints[0].shape, prints[0].dtype)
    with tempfile.TemporaryFile() as f:
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            vals = [sess.run(p) for p in prints] + [sess.run(once), sess.run(once)]
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        lines = [ln for ln in f.read().decode().splitlines() if ln.startswith("P|") or ln.startswith("][")]
    print(vals[0].tolist(), vals[-1])
    for ln in lines:
        print(ln)
import shutil  # noqa: E402
shutil.rmtree(logdir)

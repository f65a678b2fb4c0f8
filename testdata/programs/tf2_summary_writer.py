# modes: tf2
# TF2 summaries: tf.summary.scalar / histogram / text write events to the default writer
# (as_default, set_as_default) eagerly and each time a tf.function runs, with the step
# given, set by as_default(step=...) or set_step (a variable read when the write runs),
# tags prefixed by the enclosing name scopes; the event file read back with
# summary_iterator shows each event's step, tag, plugin and tensor.
# (Real TensorFlow 2.21's tf.summary.scalar/histogram/text need the tensorboard package.)
import os
import shutil
import tempfile

import numpy as np
import tensorflow as tf

logdir = tempfile.mkdtemp(prefix="tfm-summary-v2-")
print("no writer:", bool(tf.summary.scalar("x", 1.0, step=0)))
writer = tf.summary.create_file_writer(logdir)

with writer.as_default():
    try:
        tf.summary.scalar("no_step", 1.0)
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0])
    print("written:", bool(tf.summary.scalar("loss", 0.75, step=1)))
    with tf.name_scope("train"):
        tf.summary.scalar("acc", np.float64(0.5), step=1)
        tf.summary.scalar("count", 7, step=2, description="an int, written as float32")
    tf.summary.histogram("weights", np.linspace(-1.0, 2.0, 50).astype(np.float32), step=3)
    tf.summary.histogram("ints", tf.constant([1, 2, 2, 3, 9]), step=3, buckets=4)
    tf.summary.histogram("same", [2.5, 2.5, 2.5], step=3, buckets=3)
    tf.summary.text("note", "hello", step=4)
    tf.summary.text("notes", ["a", "bc"], step=4)

with writer.as_default(step=10):
    print("step in block:", tf.summary.experimental.get_step())
    tf.summary.scalar("default_step", 2.0)
print("step after block:", tf.summary.experimental.get_step())


@tf.function
def train_step(x, step):
    with tf.name_scope("fn"):
        y = x * 2.0
        ok = tf.summary.scalar("y", y, step=step)
        tf.summary.histogram("xs", tf.stack([x, y, y + 1.0]), step=step, buckets=3)
    return ok


with writer.as_default():
    for i in range(3):
        print("train_step", i, bool(train_step(tf.constant(float(i)), tf.constant(100 + i, tf.int64))))

counter = tf.Variable(20, dtype=tf.int64)


@tf.function
def count():
    tf.summary.scalar("before", 1.0)     # step: the variable, read when the write runs
    counter.assign_add(1)
    tf.summary.scalar("after", 2.0)
    return counter.read_value()


tf.summary.experimental.set_step(counter)
writer.set_as_default()
print("count", int(count()), int(count()))
tf.summary.experimental.set_step(None)
with tf.summary.record_if(False):
    print("record_if(False):", bool(tf.summary.scalar("skipped", 1.0, step=0)))
tf.summary.flush()

files = sorted(f for f in os.listdir(logdir) if f.startswith("events.out.tfevents."))
print("event files", len(files), files[0].endswith(".v2"))
for event in tf.compat.v1.train.summary_iterator(os.path.join(logdir, files[0])):
    if event.file_version:
        print("file_version", event.file_version)
    for v in event.summary.value:
        arr = tf.make_ndarray(v.tensor)
        if arr.dtype == object:
            vals = [s.decode() for s in arr.reshape(-1)]
        else:
            vals = np.round(arr.astype(np.float64), 5).tolist()
        print(event.step, v.tag, v.metadata.plugin_data.plugin_name, repr(v.metadata.summary_description),
              v.tensor.dtype, [d.size for d in v.tensor.tensor_shape.dim], vals)
shutil.rmtree(logdir)

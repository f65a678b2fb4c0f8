# modes: tf1
# tf.train.Saver's save-then-restore-if-a-checkpoint-exists flow, as training scripts write it:
# tf.train.get_checkpoint_state(dir) (None before the first save; then model_checkpoint_path
# and all_model_checkpoint_paths, relative and absolute directories), the `checkpoint` state
# file Saver.save writes (max_to_keep dropping the oldest, a save into another directory), tf.train.latest_checkpoint,
# restore into a new graph in a second session, a variable dict as var_list, and the errors
# for a missing checkpoint.
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
root = tempfile.mkdtemp()
os.chdir(root)


def show(path):
    return None if path is None else path.replace(root, "<root>")


def build():
    w = tf.Variable(tf.constant([[1.0, 2.0], [3.0, 4.0]]), name="w")
    b = tf.get_variable("b", shape=[2], initializer=tf.zeros_initializer())
    step = tf.Variable(0, name="step", trainable=False)
    train = tf.group(tf.assign_add(w, tf.ones([2, 2])), tf.assign_sub(b, [0.5, 0.25]), tf.assign_add(step, 1))
    return w, b, step, train


print("before any save:", tf.train.get_checkpoint_state("ckpt"), tf.train.latest_checkpoint("ckpt"))

w, b, step, train = build()
saver = tf.train.Saver(max_to_keep=2)
with tf.Session() as sess:
    ckpt = tf.train.get_checkpoint_state("ckpt")
    if ckpt and ckpt.model_checkpoint_path:
        print("restoring (not expected)")
    else:
        sess.run(tf.global_variables_initializer())
    for i in range(3):
        sess.run(train)
        path = saver.save(sess, "ckpt/model.ckpt", global_step=step)
        print("saved", path, saver.last_checkpoints)
    with open(os.path.join("ckpt", "checkpoint")) as f:
        print(f.read())
    print(os.path.exists("ckpt/model.ckpt-1.index"), os.path.exists("ckpt/model.ckpt-2.index"),
          os.path.exists("ckpt/model.ckpt-3.index"))
    last = saver.save(sess, os.path.join("other", "final"))
    print("saved", show(last))

ckpt = tf.train.get_checkpoint_state("ckpt")
print(type(ckpt).__name__, ckpt.model_checkpoint_path, list(ckpt.all_model_checkpoint_paths))
print(tf.train.latest_checkpoint("ckpt"), tf.train.latest_checkpoint("ckpt/"))
print(show(tf.train.latest_checkpoint("other")))
with open(os.path.join("other", "checkpoint")) as f:
    print(show(f.read()))

tf.reset_default_graph()
w, b, step, train = build()
saver = tf.train.Saver()
with tf.Session() as sess:
    ckpt = tf.train.get_checkpoint_state("ckpt")
    if ckpt and ckpt.model_checkpoint_path:
        saver.restore(sess, ckpt.model_checkpoint_path)
        print("restored from", ckpt.model_checkpoint_path)
    print(sess.run([w, b, step]))
    sess.run(train)
    saver.restore(sess, "ckpt/model.ckpt-3")
    print(sess.run(step), sess.run(b))
    sess.run(train)
    print(sess.run(step))
    try:
        saver.restore(sess, "ckpt/model.ckpt-2")
    except ValueError as e:
        print("ValueError:", e)
    try:
        saver.restore(sess, "nowhere/model.ckpt")
    except ValueError as e:
        print("ValueError:", e)

tf.reset_default_graph()
v = tf.Variable(np.arange(3, dtype=np.float32), name="other")
part = tf.train.Saver({"w": v})
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    try:
        part.restore(sess, tf.train.latest_checkpoint("ckpt"))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
    p = part.save(sess, "single/only")
    print(p, tf.train.latest_checkpoint("single"))
    sess.run(v.assign([9.0, 9.0, 9.0]))
    part.restore(sess, p)
    print(sess.run(v))
print(tf.train.get_checkpoint_state("empty_dir_that_does_not_exist"))

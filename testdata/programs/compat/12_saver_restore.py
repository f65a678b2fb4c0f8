# Saver: save variables to a temporary checkpoint, change them, restore.
import os
import tempfile

import tensorflow as tf

a = tf.Variable([1.0, 2.0], name="a")
b = tf.get_variable("b", initializer=tf.constant(3.0))
bump = tf.group(tf.assign_add(a, [10.0, 10.0]), tf.assign(b, -1.0))
saver = tf.train.Saver(max_to_keep=2)
with tempfile.TemporaryDirectory() as d:
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        path = saver.save(sess, os.path.join(d, "model"), global_step=7)
        sess.run(bump)
        print("changed", sess.run(a).tolist(), float(sess.run(b)))
        saver.restore(sess, path)
        print("restored", sess.run(a).tolist(), float(sess.run(b)))
        print("checkpoint", os.path.basename(tf.train.latest_checkpoint(d)))
        names = sorted(n for n, _ in tf.train.list_variables(d))
        print("in checkpoint", names)

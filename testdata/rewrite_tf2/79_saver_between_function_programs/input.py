# Two functions, each building its own graph after a reset of the default graph: one trains
# and saves with a tf.train.Saver, the other builds the net again and restores it. TF2: one
# Keras layer per TF1 layer, a tf.train.Checkpoint keyed by TF1's layer names.
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
inputs_value = np.linspace(-1.0, 1.0, 10, dtype=np.float32).reshape(5, 2)
targets_value = inputs_value[:, :1] * 2.0 - inputs_value[:, 1:]
prefix = os.path.join(tempfile.mkdtemp(), "model")


def train_and_save():
    x = tf.placeholder(tf.float32, [None, 2])
    y = tf.placeholder(tf.float32, [None, 1])
    h = tf.layers.dense(x, 3, tf.nn.relu)
    out = tf.layers.dense(h, 1)
    loss = tf.losses.mean_squared_error(y, out)
    step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    saver = tf.train.Saver()
    for _ in range(20):
        sess.run(step, {x: inputs_value, y: targets_value})
    print("trained", round(float(sess.run(loss, {x: inputs_value, y: targets_value})), 5))
    saver.save(sess, prefix, write_meta_graph=False)


def restore_and_predict():
    x = tf.placeholder(tf.float32, [None, 2])
    h = tf.layers.dense(x, 3, tf.nn.relu)
    out = tf.layers.dense(h, 1)
    sess = tf.Session()
    saver = tf.train.Saver()
    saver.restore(sess, prefix)
    print("restored", np.round(sess.run(out, {x: inputs_value[:2]}), 4))


train_and_save()
tf.reset_default_graph()
restore_and_predict()

import numpy as np
import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import placeholder_with_default
from tensorflow import placeholder

x = tf.placeholder(tf.float32, [None, 3], name="x")  # expect: TFM202
labels = tf1.placeholder(tf.int64, [None])  # expect: TFM202
keep = placeholder_with_default(1.0, [])  # expect: TFM202
lr = placeholder(tf.float32, [])  # expect: TFM202
y = tf.reduce_sum(x * keep)
batch = np.ones([2, 3], np.float32)

with tf1.Session() as sess:
    out = sess.run(y, feed_dict={x: batch, keep: 0.5})  # expect: TFM202
    again = y.eval(feed_dict={x: batch})  # expect: TFM202


def evaluate(session, fetches, data):
    return session.run(fetches, feed_dict={x: data})  # expect: TFM202


# Must not fire:
feed_dict = {x: batch}  # ok: building the dict is not the feed
spec = tf.TensorSpec([None, 3], tf.float32)  # ok: the TF2 way to declare an input signature


@tf.function(input_signature=[spec])
def compute(inputs):  # ok
    return tf.reduce_sum(inputs * 2.0)


result = compute(tf.constant(batch))  # ok
import subprocess

subprocess.run(["true"], check=True)  # ok: not a session
runner.run(step, feed_dict=None)  # ok: unknown receiver not named like a session


def run_positional(sess, fetches, ph, value):
    sess.run(fetches, {ph: value})  # expect: TFM202
    init = tf.global_variables_initializer()
    init.run({ph: value})  # expect: TFM202
    sess.run(fetches, None)  # ok: nothing fed
    sess.run(fetches)  # ok
    runner.run(fetches, {ph: value})  # ok: not a session

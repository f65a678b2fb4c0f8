"""TF1 inference script feeding placeholders by object."""
import numpy as np
import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    inputs = tf.compat.v1.placeholder(tf.float32, [None, 3], name="inputs")
    keep = tf.compat.v1.placeholder_with_default(1.0, [], name="keep")
    logits = tf.compat.v1.layers.dense(tf.nn.dropout(inputs, rate=1.0 - keep), 2)
    probs = tf.nn.softmax(logits)
    init = tf.compat.v1.global_variables_initializer()

with tf.compat.v1.Session(graph=graph) as sess:
    sess.run(init)
    feed = {inputs: np.ones([1, 3], np.float32), keep: 1.0}
    print(sess.run(probs, feed_dict=feed))

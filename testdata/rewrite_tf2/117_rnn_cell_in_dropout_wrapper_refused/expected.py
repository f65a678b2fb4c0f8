# A cell wrapped in DropoutWrapper: refused with the reason. TF1's wrapper draws a new mask
# on every step; under dynamic_rnn that is one op whose loop iterations TensorFlow runs in
# parallel (which step gets which mask depends on its scheduler, even under
# --deterministic-random), and Keras's dropout= draws one mask for all steps.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

batch, n_steps, n_in, n_hidden = 4, 3, 2, 5
x = tf.compat.v1.placeholder(tf.float32, [batch, n_steps, n_in])
cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(n_hidden)
cell = tf.compat.v1.nn.rnn_cell.DropoutWrapper(cell, output_keep_prob=0.5)
outputs, state = tf.compat.v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
total = tf.reduce_sum(outputs)

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(total, feed_dict={x: np.ones([batch, n_steps, n_in], np.float32)}))

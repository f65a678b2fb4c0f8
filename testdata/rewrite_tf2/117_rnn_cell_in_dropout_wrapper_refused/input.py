# A cell wrapped in DropoutWrapper: refused with the reason. TF1's wrapper draws a new mask
# on every step; under dynamic_rnn that is one op whose loop iterations TensorFlow runs in
# parallel (which step gets which mask depends on its scheduler, even under
# --deterministic-random), and Keras's dropout= draws one mask for all steps.
import numpy as np
import tensorflow as tf

batch, n_steps, n_in, n_hidden = 4, 3, 2, 5
x = tf.placeholder(tf.float32, [batch, n_steps, n_in])
cell = tf.nn.rnn_cell.BasicLSTMCell(n_hidden)
cell = tf.nn.rnn_cell.DropoutWrapper(cell, output_keep_prob=0.5)
outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
total = tf.reduce_sum(outputs)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(total, feed_dict={x: np.ones([batch, n_steps, n_in], np.float32)}))

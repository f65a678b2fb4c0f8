# A cell whose zero_state starts the run: refused (the conversion writes a cell used only as
# the cell of one dynamic_rnn).
import numpy as np
import tensorflow as tf

batch, n_steps, n_in, n_hidden = 4, 3, 2, 5
x = tf.placeholder(tf.float32, [batch, n_steps, n_in])
cell = tf.nn.rnn_cell.BasicLSTMCell(n_hidden)
init_state = cell.zero_state(batch, tf.float32)
outputs, state = tf.nn.dynamic_rnn(cell, x, initial_state=init_state)
total = tf.reduce_sum(outputs)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(total, feed_dict={x: np.ones([batch, n_steps, n_in], np.float32)}))

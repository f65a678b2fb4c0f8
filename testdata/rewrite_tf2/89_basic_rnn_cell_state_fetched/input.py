# tf.nn.rnn_cell.BasicRNNCell run by dynamic_rnn, its final state fetched: a Keras
# SimpleRNN made where the cell was, built where TF1 made its variables. TF1's one kernel
# over [inputs, state] is drawn there and split into Keras's kernel and recurrent_kernel.
# (Refused until 2026-12-06: the conversion had no form for TF1's cells.)
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)
inputs = tf.placeholder(tf.float32, [None, 5, 3])
cell = tf.nn.rnn_cell.BasicRNNCell(4)
outputs, state = tf.nn.dynamic_rnn(cell, inputs, dtype=tf.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(state, {inputs: np.ones([2, 5, 3], np.float32)}).shape)

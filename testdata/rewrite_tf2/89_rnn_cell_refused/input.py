# tf.nn.rnn_cell and dynamic_rnn: a TF1 cell makes its variables when first called (in a
# tf.function, on every trace), and Keras's cells lay the weights out otherwise (TF1's one
# kernel over [inputs, state] is Keras's kernel and recurrent_kernel, initialized apart).
# Refused with that reason (before, the conversion kept the v1 cell inside a tf.function,
# which fails on TF 2.21).
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)
inputs = tf.placeholder(tf.float32, [None, 5, 3])
cell = tf.nn.rnn_cell.BasicRNNCell(4)
outputs, state = tf.nn.dynamic_rnn(cell, inputs, dtype=tf.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(state, {inputs: np.ones([2, 5, 3], np.float32)}).shape)

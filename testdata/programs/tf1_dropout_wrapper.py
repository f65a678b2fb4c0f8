# modes: tf1
# tf.nn.rnn_cell.DropoutWrapper as TF1 language models use it: input/output/state keep
# probabilities (state dropout on LSTM h only, not c), a seed (each dropped tensor's op seed
# derived from it), a placeholder keep probability fed 1.0 for evaluation, wrapped cells in
# a MultiRNNCell, static_rnn over them (one dropout op per step, as TensorFlow builds it);
# the variables keep the wrapped cells' names. (dynamic_rnn draws a fresh mask per step from
# one op inside a while loop; the bundled runtime unrolls it, so its masks differ there.)
import numpy as np
import tensorflow as tf

tf.set_random_seed(42)
x3 = tf.constant(np.linspace(-1.0, 1.0, 2 * 4 * 3).reshape(2, 4, 3), tf.float32)
x = tf.unstack(x3, axis=1)
init = tf.constant_initializer(0.1)

with tf.variable_scope("one", initializer=init):
    cell = tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.BasicLSTMCell(5), input_keep_prob=0.8,
                                         output_keep_prob=0.5, state_keep_prob=0.7, seed=7)
    print(cell.output_size, cell.state_size)
    out1, st1 = tf.nn.static_rnn(cell, x, dtype=tf.float32)

keep = tf.placeholder_with_default(1.0, [])
with tf.variable_scope("two", initializer=init):
    cells = [tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.GRUCell(4), output_keep_prob=keep) for _ in range(2)]
    out2, st2 = tf.nn.static_rnn(tf.nn.rnn_cell.MultiRNNCell(cells), x, dtype=tf.float32)

with tf.variable_scope("three", initializer=init):
    plain = tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.BasicRNNCell(3), output_keep_prob=0.6)
    out3, _ = tf.nn.static_rnn(plain, x, dtype=tf.float32)

print([v.name for v in tf.global_variables()])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    o1, s1 = sess.run([out1, st1])
    print(np.round(o1, 5).tolist())
    print(np.round(s1.c, 5).tolist(), np.round(s1.h, 5).tolist())
    print(np.round(sess.run(out2), 5).tolist())
    print(np.round(sess.run(out2, {keep: 0.5}), 5).tolist())
    print(np.round(sess.run(out3), 5).tolist())
try:
    tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.BasicRNNCell(3), output_keep_prob=1.5)
except ValueError as e:
    print("ValueError:", e)

# tf.nn.rnn_cell.GRUCell run by dynamic_rnn: a Keras GRU with reset_after=False (TF1 applies
# the reset gate before the candidate's matmul). TF1's two kernels, the gates' (columns r, u)
# and the candidate's, are drawn where the run was and become Keras's columns z (TF1's u), r
# and the candidate; the gates' bias starts at 1, the candidate's at 0.
import numpy as np
import tensorflow as tf

n_steps, n_in, n_units = 4, 3, 5
seqs = tf.placeholder(tf.float32, [None, n_steps, n_in])
target = tf.placeholder(tf.float32, [None, 1])
gru = tf.nn.rnn_cell.GRUCell(n_units)
outputs, last_state = tf.nn.dynamic_rnn(gru, seqs, dtype=tf.float32)
w = tf.Variable(tf.truncated_normal([n_units, 1], stddev=0.1))
pred = tf.matmul(last_state, w)
loss = tf.reduce_mean(tf.square(pred - target))
step = tf.train.GradientDescentOptimizer(0.05).minimize(loss)

rng = np.random.RandomState(7)
data = rng.randn(6, n_steps, n_in).astype(np.float32)
goal = data[:, -1, :1] * 0.5
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(8):
        _, l = sess.run([step, loss], {seqs: data, target: goal})
        print(i, round(float(l), 6))
    print(sess.run(outputs, {seqs: data[:1]}))

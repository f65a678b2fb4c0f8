# A MultiRNNCell of `num_layers` BasicLSTMCells made in a comprehension: a Keras RNN over
# LSTMCells made in a comprehension, the k-th taking the k-th of the kernels drawn, in TF1's
# order, where the run was (the first for the inputs' depth, the others for the units).
# `states[-1].h` is Keras's `states[-1][0]`.
import numpy as np
import tensorflow as tf

num_layers, n_steps, n_in, n_units = 3, 4, 2, 5
inputs = tf.placeholder(tf.float32, [None, n_steps, n_in])
targets = tf.placeholder(tf.float32, [None, 1])
stacked = tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.BasicLSTMCell(n_units) for _ in range(num_layers)])
outputs, states = tf.nn.dynamic_rnn(stacked, inputs, dtype=tf.float32)
top_h = states[-1].h
w = tf.Variable(tf.truncated_normal([n_units, 1], stddev=0.5))
pred = tf.matmul(top_h, w)
loss = tf.reduce_mean(tf.square(pred - targets))
step = tf.train.AdamOptimizer(0.01).minimize(loss)

rng = np.random.RandomState(9)
xs = rng.randn(5, n_steps, n_in).astype(np.float32)
ys = xs.sum(axis=(1, 2))[:, None].astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(10):
        _, l = sess.run([step, loss], {inputs: xs, targets: ys})
        if i % 3 == 0:
            print(i, "%.5f" % l)
    print(sess.run(outputs, {inputs: xs[:1]}))

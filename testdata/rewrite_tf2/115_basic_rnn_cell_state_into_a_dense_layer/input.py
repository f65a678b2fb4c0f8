# tf.nn.rnn_cell.BasicRNNCell (activation relu) run by dynamic_rnn, its final state the
# input of tf.layers.dense: a Keras SimpleRNN and a Dense built for the cell's units, a
# graph-level seed, and Adam.
import numpy as np
import tensorflow as tf

TIME_STEP, INPUT_SIZE, CELL_SIZE = 6, 2, 5
tf.set_random_seed(1)
xs = tf.placeholder(tf.float32, [None, TIME_STEP, INPUT_SIZE])  # the sequences
ys = tf.placeholder(tf.float32, [None, 1])
# a basic RNN cell
rnn_cell = tf.nn.rnn_cell.BasicRNNCell(num_units=CELL_SIZE, activation=tf.nn.relu)
outs, final_s = tf.nn.dynamic_rnn(rnn_cell, xs, dtype=tf.float32)
pred = tf.layers.dense(final_s, 1)
loss = tf.losses.mean_squared_error(labels=ys, predictions=pred)
train_op = tf.train.AdamOptimizer(0.02).minimize(loss)

np.random.seed(0)
data = np.random.rand(8, TIME_STEP, INPUT_SIZE).astype(np.float32)
target = data.sum(axis=(1, 2))[:, None]
sess = tf.Session()
sess.run(tf.global_variables_initializer())
for step in range(20):
    _, l = sess.run([train_op, loss], {xs: data, ys: target})
    if step % 5 == 0:
        print("step", step, "loss %.5f" % l)
print(sess.run(pred, {xs: data[:2]}))

# An LSTM run from its cell's zero_state (`initial_state=init_state`), its outputs reshaped
# to [-1, CELL_SIZE] for a dense layer: Keras's layer starts from zeros itself, so the
# zero_state statement goes, and the reshape's literal last dimension sizes the Dense.
import numpy as np
import tensorflow as tf

BATCH, TIME_STEP, INPUT_SIZE, CELL_SIZE = 4, 5, 1, 6
tf.set_random_seed(2)
xs = tf.placeholder(tf.float32, [None, TIME_STEP, INPUT_SIZE])
ys = tf.placeholder(tf.float32, [None, TIME_STEP, INPUT_SIZE])
cell = tf.nn.rnn_cell.BasicLSTMCell(num_units=CELL_SIZE)
init_state = cell.zero_state(batch_size=BATCH, dtype=tf.float32)
outputs, final_state = tf.nn.dynamic_rnn(cell, xs, initial_state=init_state, time_major=False)
outs2D = tf.reshape(outputs, [-1, CELL_SIZE])
net_outs2D = tf.layers.dense(outs2D, INPUT_SIZE)
outs = tf.reshape(net_outs2D, [-1, TIME_STEP, INPUT_SIZE])
loss = tf.losses.mean_squared_error(labels=ys, predictions=outs)
train_op = tf.train.AdamOptimizer(0.02).minimize(loss)

steps = np.linspace(0, np.pi, BATCH * TIME_STEP, dtype=np.float32).reshape(BATCH, TIME_STEP, 1)
x_np, y_np = np.sin(steps), np.cos(steps)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
for step in range(12):
    _, l = sess.run([train_op, loss], {xs: x_np, ys: y_np})
    if step % 4 == 0:
        print(step, "%.5f" % l)
print(sess.run(outs, {xs: x_np})[0, :, 0])

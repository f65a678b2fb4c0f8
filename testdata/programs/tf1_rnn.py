# modes: tf1
# tf.nn.rnn_cell LSTMCell / GRUCell / BasicLSTMCell (tuple and concatenated state) /
# BasicRNNCell / MultiRNNCell through dynamic_rnn (batch-major, time-major, sequence_length)
# and static_rnn, tf.split with sizes, trained with Adam: TF's variables, names and numbers.
import numpy as np
import tensorflow as tf
tf.set_random_seed(9)
rng = np.random.RandomState(3)
xs = rng.rand(3, 4, 2).astype(np.float32)
ys = rng.rand(3, 5).astype(np.float32)
x = tf.placeholder(tf.float32, [None, 4, 2])
lens = tf.placeholder(tf.int32, [None])
with tf.variable_scope("lstm"):
    out1, st1 = tf.nn.dynamic_rnn(tf.nn.rnn_cell.LSTMCell(5), x, sequence_length=lens, dtype=tf.float32)
with tf.variable_scope("gru"):
    out2, st2 = tf.nn.dynamic_rnn(tf.nn.rnn_cell.GRUCell(5), x, dtype=tf.float32)
with tf.variable_scope("stack"):
    multi = tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.BasicLSTMCell(3), tf.nn.rnn_cell.BasicRNNCell(5)])
    out3, st3 = tf.nn.dynamic_rnn(multi, tf.transpose(x, [1, 0, 2]), time_major=True, dtype=tf.float32)
with tf.variable_scope("static"):
    outs4, st4 = tf.nn.static_rnn(tf.nn.rnn_cell.BasicLSTMCell(5, state_is_tuple=False), tf.unstack(x, axis=1),
                                  dtype=tf.float32)
parts = tf.split(out2, [1, -1, 2], axis=2)
print("shapes", out1.shape, out2.shape, out3.shape, [p.shape for p in parts])
print([v.name for v in tf.trainable_variables()])
loss = tf.reduce_mean(tf.square(st1.h + st2 + st3[1] + outs4[-1] - ys))
train = tf.train.AdamOptimizer(0.05).minimize(loss)
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    feed = {x: xs, lens: [4, 2, 3]}
    o1 = s.run(out1, feed)
    print("masked", o1[1, 2:], o1[2, 3])
    for i in range(3):
        print(i, s.run([loss, train], feed)[0])
    print("c", s.run(st1.c, feed)[1], "static", s.run(st4, feed)[0])

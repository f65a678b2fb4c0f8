# A MultiRNNCell of a BasicLSTMCell and a GRUCell run by dynamic_rnn: a Keras RNN over the
# two Keras cells (its StackedRNNCells runs them step by step, as TF1's), each cell's
# kernel drawn in TF1's order for the depth it is given. TF1's `states[0].c` is Keras's
# `states[0][1]` ([h, c]), and a GRU's state `states[-1]` is `states[-1][0]`.
import numpy as np
import tensorflow as tf

n_step, n_input, n_hidden, n_class = 3, 5, 8, 4
X = tf.placeholder(tf.float32, [None, n_step, n_input])
Y = tf.placeholder(tf.int32, [None])
W = tf.Variable(tf.random_normal([n_hidden, n_class]))
b = tf.Variable(tf.random_normal([n_class]))
cell1 = tf.nn.rnn_cell.BasicLSTMCell(n_hidden)
cell2 = tf.nn.rnn_cell.GRUCell(n_hidden)
multi_cell = tf.nn.rnn_cell.MultiRNNCell([cell1, cell2])
outputs, states = tf.nn.dynamic_rnn(multi_cell, X, dtype=tf.float32)
outputs = tf.transpose(outputs, [1, 0, 2])
outputs = outputs[-1]
model = tf.matmul(outputs, W) + b
cost = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=model, labels=Y))
optimizer = tf.train.AdamOptimizer(0.01).minimize(cost)
first_c = states[0].c
last_h = states[-1]

rng = np.random.RandomState(5)
inp = rng.rand(6, n_step, n_input).astype(np.float32)
tgt = rng.randint(0, n_class, 6)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
for epoch in range(15):
    _, loss = sess.run([optimizer, cost], feed_dict={X: inp, Y: tgt})
    if epoch % 5 == 0:
        print('Epoch:', '%04d' % (epoch + 1), 'cost =', '{:.6f}'.format(loss))
print(sess.run([first_c, last_h], feed_dict={X: inp[:2]}))

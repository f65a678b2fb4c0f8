# A TF1 RNN cell made and run in a helper function called once (`def RNN(x, weights,
# biases)`, the tutorials' shape): the cell makes its variables when the helper runs, which
# in a tf.function would be on every trace. The helper is written where it was called (the
# parameter `x` read as `X` until the body binds it again; `weights` and `biases` are the
# module's), so the cell becomes a Keras LSTM made once, as a cell the module makes itself.
# (With tf.contrib.rnn the compat text spells the same names tf.compat.v1.nn's: TFM101.)
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
timesteps = 4
num_input = 3
num_hidden = 8
num_classes = 2

X = tf.placeholder("float", [None, timesteps, num_input])
Y = tf.placeholder("float", [None, num_classes])
weights = {'out': tf.Variable(tf.random_normal([num_hidden, num_classes]))}
biases = {'out': tf.Variable(tf.random_normal([num_classes]))}


def RNN(x, weights, biases):
    x = tf.unstack(x, timesteps, 1)
    lstm_cell = tf.nn.rnn_cell.BasicLSTMCell(num_hidden, forget_bias=1.0)
    outputs, states = tf.nn.static_rnn(lstm_cell, x, dtype=tf.float32)
    return tf.matmul(outputs[-1], weights['out']) + biases['out']


logits = RNN(X, weights, biases)
loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=Y))
train_op = tf.train.GradientDescentOptimizer(learning_rate=0.1).minimize(loss_op)
init = tf.global_variables_initializer()

rng = np.random.RandomState(0)
bx = rng.rand(5, timesteps, num_input).astype(np.float32)
by = np.eye(num_classes)[rng.randint(0, num_classes, 5)].astype(np.float32)
with tf.Session() as sess:
    sess.run(init)
    for step in range(3):
        sess.run(train_op, feed_dict={X: bx, Y: by})
        print(sess.run(loss_op, feed_dict={X: bx, Y: by}))

# modes: tf1
# TF1 recurrent models written against TensorFlow's internal modules (Packt's LSTM time-series
# forecaster): `from tensorflow.python.ops import rnn, rnn_cell` (rnn_cell_impl too), dynamic_rnn
# the same function as tf.nn.dynamic_rnn (the cell classes are TF's own copy, not tf_keras's
# that tf.nn.rnn_cell shows: not compared by identity here); an output layer shared across the batch
# by tf.tile with multiples from tf.shape, trained through Tile's gradient (static and
# dynamic multiples, 2-d and 3-d); a Saver checkpoint restored in a second session whose
# helper rebuilds the LSTM under reuse_variables() on each call (no new variables).
import os
import shutil
import tempfile

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import rnn, rnn_cell, rnn_cell_impl

home = os.getcwd()
root = tempfile.mkdtemp()
os.chdir(root)

print("same functions:", rnn.dynamic_rnn is tf.nn.dynamic_rnn, rnn.static_rnn is tf.nn.static_rnn)
print("cells:", [c.__name__ for c in (rnn_cell.BasicLSTMCell, rnn_cell.LSTMCell, rnn_cell_impl.GRUCell,
                                      rnn_cell.MultiRNNCell, rnn_cell.LSTMStateTuple)])

# Tile's gradient: each input element gets the sum of the gradients of its copies
a = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
w = tf.constant(np.arange(24, dtype=np.float32).reshape(4, 6) / 10.0)
t1 = tf.tile(a, [2, 2])
g1 = tf.gradients(tf.reduce_sum(t1 * w), a)[0]
p = tf.placeholder(tf.float32, [None, 2])
n = tf.shape(p)[0]
b = tf.constant([[1.0], [2.0]])
t2 = tf.tile(tf.expand_dims(b, 0), [n, 1, 3])
g2 = tf.gradients(tf.reduce_sum(t2 * tf.expand_dims(p, 2)), b)[0]
print("tile shapes:", t1.shape, g1.shape, g2.shape)
with tf.Session() as s:
    print("tile grads:", s.run([g1, g2], {p: [[1.0, 2.0], [3.0, 4.0], [5.0, -1.0]]}))

tf.reset_default_graph()
tf.set_random_seed(4)
seq_size, hidden = 4, 3
W_out = tf.get_variable("W_out", shape=[hidden, 1], dtype=tf.float32)
b_out = tf.get_variable("b_out", shape=[1], dtype=tf.float32)
x = tf.placeholder(tf.float32, [None, seq_size, 1])
y = tf.placeholder(tf.float32, [None, seq_size])


def model():
    cell = rnn_cell.BasicLSTMCell(hidden)
    outputs, states = rnn.dynamic_rnn(cell, x, dtype=tf.float32)
    W_repeated = tf.tile(tf.expand_dims(W_out, 0), [tf.shape(x)[0], 1, 1])
    return tf.squeeze(tf.matmul(outputs, W_repeated) + b_out)


cost = tf.reduce_mean(tf.square(model() - y))
train_op = tf.train.AdamOptimizer(learning_rate=0.01).minimize(cost)
saver = tf.train.Saver()
print("variables:", [v.name for v in tf.global_variables()])

series = np.sin(np.arange(30, dtype=np.float32) / 3.0)
xs = np.stack([series[i:i + seq_size] for i in range(20)])[:, :, None]
ys = np.stack([series[i + 1:i + seq_size + 1] for i in range(20)])
with tf.Session() as sess:
    tf.get_variable_scope().reuse_variables()
    sess.run(tf.global_variables_initializer())
    for step in range(30):
        _, err = sess.run([train_op, cost], {x: xs, y: ys})
        if step % 10 == 0:
            print("step", step, "train err", err)
    print("saved:", saver.save(sess, "model_internal_rnn/model.ckpt"))


def predict(sess, inputs):
    tf.get_variable_scope().reuse_variables()
    saver.restore(sess, "model_internal_rnn/model.ckpt")
    return sess.run(model(), {x: inputs})


with tf.Session() as sess:
    print("predicted:", predict(sess, xs[:3]))
    seq = xs[-1]
    for i in range(3):
        nxt = predict(sess, [seq])
        print("next:", nxt[-1])
        seq = np.vstack((seq[1:], [[nxt[-1]]]))
    print("variables after rebuilding:", len(tf.global_variables()), len(tf.trainable_variables()))
    print("reuse:", tf.get_variable_scope().reuse)
os.chdir(home)
shutil.rmtree(root)

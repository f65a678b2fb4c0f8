# A named tf.nn.rnn_cell.LSTMCell whose final state is unpacked, `outputs, (c, h) = ...`,
# and whose last output feeds a dense layer: Keras returns h and c apart (`outputs, h, c`),
# and the slice `outputs[:, -1, :]` has the cell's units.
import numpy as np
import tensorflow as tf

n_steps, n_in, n_hidden = 4, 3, 6
inputs = tf.placeholder(tf.float32, shape=[None, n_steps, n_in], name="inputs")
labels = tf.placeholder(tf.int64, shape=[None], name="labels")
lstm = tf.nn.rnn_cell.LSTMCell(n_hidden, forget_bias=1.0, name="encoder")
outputs, (c, h) = tf.nn.dynamic_rnn(lstm, inputs, dtype=tf.float32)
last = outputs[:, -1, :]
logits = tf.layers.dense(last, 3)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
opt = tf.train.AdamOptimizer(0.01)
train = opt.minimize(loss)
acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), labels), tf.float32))

rng = np.random.RandomState(3)
X = rng.randn(10, n_steps, n_in).astype(np.float32)
Y = (X.sum(axis=(1, 2)) > 0).astype(np.int64) + (X[:, 0, 0] > 1).astype(np.int64)
with tf.Session() as sess:
    tf.global_variables_initializer().run()
    for epoch in range(10):
        sess.run(train, feed_dict={inputs: X, labels: Y})
        if epoch % 3 == 0:
            print(epoch, sess.run([loss, acc], feed_dict={inputs: X, labels: Y}))
    print("c", sess.run(c, feed_dict={inputs: X[:1]}))

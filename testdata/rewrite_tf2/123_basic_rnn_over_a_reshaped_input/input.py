# A BasicRNNCell run over `tf.reshape(X, [-1, n_steps, n_input])` of a flat placeholder:
# the reshape's last dimension, a name, is the depth the Keras SimpleRNN is built for; its
# final state feeds a dense layer trained with momentum.
import numpy as np
import tensorflow as tf

n_steps, n_input, n_hidden, n_classes = 4, 6, 7, 3
X = tf.placeholder(tf.float32, [None, n_steps * n_input])
Y = tf.placeholder(tf.float32, [None, n_classes])
x = tf.reshape(X, [-1, n_steps, n_input])
cell = tf.nn.rnn_cell.BasicRNNCell(n_hidden)
outputs, state = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
logits = tf.layers.dense(state, n_classes)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=Y, logits=logits))
train = tf.train.MomentumOptimizer(0.1, 0.9).minimize(loss)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

rng = np.random.RandomState(4)
data = rng.rand(12, n_steps * n_input).astype(np.float32)
labels = np.eye(n_classes)[rng.randint(0, n_classes, 12)].astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(6):
        for i in range(0, 12, 4):
            sess.run(train, feed_dict={X: data[i:i + 4], Y: labels[i:i + 4]})
        print("epoch", epoch, "accuracy", sess.run(accuracy, feed_dict={X: data, Y: labels}))

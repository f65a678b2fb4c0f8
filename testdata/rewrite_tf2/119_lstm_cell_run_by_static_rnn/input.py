# tf.nn.static_rnn over `tf.unstack(X, timesteps, 1)`: the Keras LSTM is given the steps
# stacked again, and its outputs are one [batch, time, units] tensor, so the list's step
# `outputs[-1]` is `outputs[:, -1]`.
import numpy as np
import tensorflow as tf

timesteps, num_input, num_hidden, num_classes = 5, 4, 6, 3
X = tf.placeholder("float", [None, timesteps, num_input])
Y = tf.placeholder("float", [None, num_classes])
weights = tf.Variable(tf.random_normal([num_hidden, num_classes]))
biases = tf.Variable(tf.random_normal([num_classes]))

x = tf.unstack(X, timesteps, 1)
lstm_cell = tf.nn.rnn_cell.BasicLSTMCell(num_hidden, forget_bias=1.0)
outputs, states = tf.nn.static_rnn(lstm_cell, x, dtype=tf.float32)
logits = tf.matmul(outputs[-1], weights) + biases
prediction = tf.nn.softmax(logits)
loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(logits=logits, labels=Y))
train_op = tf.train.GradientDescentOptimizer(learning_rate=0.5).minimize(loss_op)
correct_pred = tf.equal(tf.argmax(prediction, 1), tf.argmax(Y, 1))
accuracy = tf.reduce_mean(tf.cast(correct_pred, tf.float32))
init = tf.global_variables_initializer()

rng = np.random.RandomState(1)
batch_x = rng.rand(16, timesteps, num_input).astype(np.float32)
batch_y = np.eye(num_classes)[rng.randint(0, num_classes, 16)].astype(np.float32)
with tf.Session() as sess:
    sess.run(init)
    for step in range(1, 31):
        sess.run(train_op, feed_dict={X: batch_x, Y: batch_y})
        if step % 10 == 0 or step == 1:
            loss, acc = sess.run([loss_op, accuracy], feed_dict={X: batch_x, Y: batch_y})
            print("Step " + str(step) + ", Minibatch Loss= " + "{:.4f}".format(loss) + ", Training Accuracy= " + "{:.3f}".format(acc))
    print("Optimization Finished!")

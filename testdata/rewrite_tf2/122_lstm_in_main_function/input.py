# The LSTM program of 114 inside `def main():` run under `if __name__ == "__main__":`:
# the cell, its run and its uses are statements of the function's block, converted there.
import numpy as np
import tensorflow as tf

def main():
    n_steps, n_input, n_hidden, n_classes = 5, 3, 8, 2
    x = tf.placeholder(tf.float32, [None, n_steps, n_input])
    y = tf.placeholder(tf.float32, [None, n_classes])
    cell = tf.nn.rnn_cell.BasicLSTMCell(n_hidden)
    outputs, states = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    W = tf.Variable(tf.random_normal([n_hidden, n_classes]))
    b = tf.Variable(tf.zeros([n_classes]))
    final_h = states.h
    logits = tf.matmul(outputs[:, -1, :], W) + b
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

    rng = np.random.RandomState(0)
    bx = rng.rand(4, n_steps, n_input).astype(np.float32)
    by = np.eye(n_classes)[rng.randint(0, n_classes, 4)].astype(np.float32)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(5):
            _, l = sess.run([train, loss], feed_dict={x: bx, y: by})
            print(step, l)
        print(sess.run(final_h, feed_dict={x: bx}))


if __name__ == "__main__":
    main()

# The graph built at module level (placeholders, variables, a loss and its train op) and
# run in `main`, which tf.app.run calls (`tf.app.run()` runs `__main__.main`). TF1 built the
# graph at import time, before any run; TF2's form builds it when `main` starts: the
# statements move to the top of `main` (the same ops in the same order), which then converts
# as a graph built in a function; tf.app.run becomes absl's app.run(main).
import numpy as np
import tensorflow as tf

learning_rate = 0.1
x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
# the model
w = tf.Variable(tf.ones([2, 1]) * 0.1)
b = tf.Variable(tf.zeros([1]))
pred = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.square(pred - y))
train = tf.train.GradientDescentOptimizer(learning_rate).minimize(loss)


def main(_):
    """Trains for a few steps and prints the loss and the weights."""
    xs = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, 0.1]], np.float32)
    ys = np.array([[1.0], [2.0], [0.3]], np.float32)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for i in range(5):
            _, l = sess.run([train, loss], feed_dict={x: xs, y: ys})
            print(i, round(float(l), 5))
        print(sess.run(pred, feed_dict={x: xs[:1]}), sess.run(w).ravel())


if __name__ == "__main__":
    tf.app.run()

# A layer helper called inside an expression (`h = tf.nn.relu(dense(x, ...))`, the
# tutorials' stacking idiom): the helper becomes a tf.Module whose object is made once, at
# module level, in the statement's place; the statement, in each tf.function, calls the
# object where it called the helper; the optimizer updates the objects' variables.
import numpy as np
import tensorflow as tf


def dense(inputs, n_in, n_out, name):
    """A fully connected layer:
    inputs @ w + b."""
    w = tf.Variable(tf.random_normal([n_in, n_out], stddev=0.5, seed=3), name=name + "_w")
    b = tf.Variable(tf.zeros([n_out]) + 0.1, name=name + "_b")
    return tf.matmul(inputs, w) + b


x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
h = tf.nn.relu(dense(x, 2, 6, "hidden"))
out = tf.sigmoid(dense(h, 6, 1, "out")) * 2.0
loss = tf.reduce_mean(tf.square(out - y))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)

xs = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
ys = np.array([[0], [1], [1], [0]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(20):
        _, l = sess.run([train, loss], feed_dict={x: xs, y: ys})
        if step % 5 == 0:
            print(step, l)
    print(sess.run(out, feed_dict={x: xs}))

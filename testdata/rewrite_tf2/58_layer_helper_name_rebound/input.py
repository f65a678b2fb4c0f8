# The layer helper called with its result's name bound again (`h = dense(h, ...)`): one
# layer object per call statement, each binding of `h` the one before it, as TF1 built it.
import numpy as np
import tensorflow as tf


def dense(inputs, n_in, n_out, act=None, seed=None):
    w = tf.Variable(tf.truncated_normal([n_in, n_out], stddev=0.3, seed=seed))
    b = tf.Variable(tf.zeros([n_out]))
    h = tf.matmul(inputs, w) + b
    return h if act is None else act(h)


x_data = np.linspace(-1, 1, 16, dtype=np.float32).reshape(8, 2)
y_data = np.sum(x_data, axis=1, keepdims=True) ** 2

x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
h = dense(x, 2, 6, act=tf.nn.tanh, seed=1)
h = dense(h, 6, 6, act=tf.nn.tanh, seed=2)
out = dense(h, 6, 1, seed=3)
loss = tf.reduce_mean(tf.square(out - y))
train = tf.train.AdamOptimizer(0.05).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(40):
        _, l = sess.run([train, loss], {x: x_data, y: y_data})
        if step % 10 == 0:
            print(step, l)
    print("out", sess.run(out, {x: x_data[:2]}))

# A seeded dropout that two runs share, over a product whose shape the text does not show.
# Two tf.functions would each start the seed's stream again, and a generator draws what
# TF1's op drew only for a shape known where it is made: refused, with the reason.
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
x = tf.placeholder(tf.float32, [None, 4])
keep = tf.placeholder(tf.float32)
w = tf.Variable(tf.ones([4, 3]))
h = tf.nn.dropout(tf.matmul(x, w), keep, seed=3)
loss = tf.reduce_mean(tf.square(h))
step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
xs = np.ones((6, 4), np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        print(sess.run([loss, step], {x: xs, keep: 0.5})[0])
        print(sess.run(h, {x: xs, keep: 0.5}).sum())

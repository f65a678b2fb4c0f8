# Random ops several runs share, under a graph seed: one generator each, split from that
# seed (reproducible, as TF1's draws were); a tuple of independent expressions becomes one
# statement per name, so each run computes (and draws) only what it needs, as TF1 pruned.
import numpy as np
import tensorflow as tf

tf.set_random_seed(5)
w = tf.Variable([[0.5], [-0.25]])
noise = tf.random_normal([4, 2])
shift = tf.random_uniform([4, 1])
low, high = tf.matmul(noise, w), tf.matmul(noise, w) + shift
loss = tf.reduce_mean(tf.square(high))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        sess.run(train)
        print(step, np.round(sess.run(low).ravel(), 4))
    print("high", np.round(sess.run(high).ravel(), 4))
    print("w", np.round(sess.run(w).ravel(), 4))

# modes: tf1
# tf2 rewrite: not compared (prints the exact bits of sums that GradientTape adds in another order)
# tf.gradients adds the gradient contributions to a tensor with several consumers (AddN) in the
# order TF's backward pass visits those consumers: a queue from the targets, an op entering it once
# all consumers of its outputs were visited. Sums of 3+ round differently in another order (digests).
import hashlib

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
b = tf.Variable(rng.randn(1, 64).astype(np.float32) * 3)
c = tf.constant(rng.randn(64, 64).astype(np.float32))
first = tf.reduce_sum(b)
bt = tf.transpose(b)
cross = tf.matmul(bt, b)
second = tf.reduce_sum(tf.exp(-tf.abs(c)) * cross * 7.3)
third = tf.reduce_sum(tf.square(b) * 0.37)
loss = -(first - second) + third
g_b = tf.gradients(loss, b)[0]
# a second target: the queue starts from both, in the order given
g_two = tf.gradients([third, first], b)[0]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for v in sess.run([g_b, g_two]):
        print(v.shape, hashlib.md5(v.tobytes()).hexdigest()[:12], float(v.ravel()[0]))

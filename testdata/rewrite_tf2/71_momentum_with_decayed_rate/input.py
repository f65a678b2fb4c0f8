# Momentum whose learning rate decays from the global step (staircase, halved every two
# steps): TF1's MomentumOptimizer keeps the sum of the gradients and scales all of it by the
# current rate; Keras SGD(momentum) keeps rate * gradient of each step, so the two part once
# the rate changes. No Keras optimizer makes TF1's update: the tape step writes it out.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[4, 2])
w = tf.Variable([[0.5], [-0.25]])
b = tf.Variable(0.1)
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - 1.0))
step = tf.Variable(0, trainable=False)
learning_rate = tf.train.exponential_decay(0.2, step, 2, 0.5, staircase=True)
train = tf.train.MomentumOptimizer(learning_rate, 0.9).minimize(loss, global_step=step)

data = np.arange(8, dtype=np.float32).reshape(4, 2) / 8.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(6):
        _, l = sess.run([train, loss], feed_dict={x: data})
        print(i, l)
    print(sess.run(w), sess.run(b), sess.run(step))

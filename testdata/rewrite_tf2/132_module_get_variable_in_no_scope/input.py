# Module-level get_variable calls in no scope (the tutorials' `W = tf.get_variable("W",
# shape=[...], initializer=...)`; `tf.contrib.layers.xavier_initializer()` is the same Glorot
# uniform draw once the compat level has fixed it, TFM101): each becomes a tf.Variable of
# its initializer's value, made once with TF1's graph name; a drawing initializer is the
# Keras initializer drawing the same distribution, with TF1's defaults written out.
import numpy as np
import tensorflow as tf

tf.set_random_seed(7)
x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.float32, [None, 1])
W1 = tf.get_variable("W1", shape=[4, 8], initializer=tf.glorot_uniform_initializer())
b1 = tf.Variable(tf.zeros([8]))
W2 = tf.get_variable("W2", shape=[8, 1], initializer=tf.random_normal_initializer(stddev=0.1))
b2 = tf.get_variable("b2", [1], initializer=tf.constant_initializer(0.5))
h = tf.nn.relu(tf.matmul(x, W1) + b1)
out = tf.matmul(h, W2) + b2
loss = tf.reduce_mean(tf.square(out - y))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

data = np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0
target = np.array([[1.0], [0.0], [1.0]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        _, l = sess.run([train, loss], feed_dict={x: data, y: target})
        print(step, l)
    print(W1.name, W2.name, b2.name)

# Two experiments in one script, each on a fresh default graph (the cookbook shape): the
# reset between them splits the script into parts converted one by one.
import numpy as np
import tensorflow as tf

tf.reset_default_graph()
sess = tf.Session()
x = tf.placeholder(tf.float32, [None])
w = tf.Variable(1.0, name="w_first")
loss = tf.reduce_mean(tf.square(w * x - 4.0))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
sess.run(tf.global_variables_initializer())
for _ in range(5):
    sess.run(train, {x: np.array([1.0, 2.0], np.float32)})
print("first", round(float(sess.run(w)), 4))

tf.reset_default_graph()
sess = tf.Session()
x = tf.placeholder(tf.float32, [None])
w = tf.Variable(-1.0, name="w_second")
loss = tf.reduce_mean(tf.abs(w * x + 3.0))
train = tf.train.GradientDescentOptimizer(0.05).minimize(loss)
sess.run(tf.global_variables_initializer())
for _ in range(5):
    sess.run(train, {x: np.array([2.0, 1.0], np.float32)})
print("second", round(float(sess.run(w)), 4), round(float(sess.run(loss, {x: np.array([1.0], np.float32)})), 4))

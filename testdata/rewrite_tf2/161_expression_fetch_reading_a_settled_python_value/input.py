# A run of an expression built in the session block (`tf.reduce_sum(...) / (2 *
# test_x.shape[0])`) that reads a Python value bound once before the run and never
# changed: the function reads it when traced, the value every TF1 run saw. (A name bound
# again, or changed in place by a method, keeps the expression refused.)
import numpy as np
import tensorflow as tf

train_x = np.array([1.0, 2.0, 3.0, 4.0, 5.0], np.float32)
train_y = np.array([2.1, 3.9, 6.2, 8.1, 9.8], np.float32)
x = tf.placeholder(tf.float32)
y = tf.placeholder(tf.float32)
w = tf.Variable(0.5, name="w")
b = tf.Variable(0.0, name="b")
pred = w * x + b
cost = tf.reduce_sum(tf.square(pred - y)) / (2 * train_x.shape[0])
train = tf.train.GradientDescentOptimizer(0.02).minimize(cost)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(30):
        for (px, py) in zip(train_x, train_y):
            sess.run(train, feed_dict={x: px, y: py})
    print("train cost", round(float(sess.run(cost, feed_dict={x: train_x, y: train_y})), 5))
    test_x = np.array([6.0, 7.5], np.float32)
    test_y = np.array([12.1, 14.8], np.float32)
    test_cost = sess.run(tf.reduce_sum(tf.square(pred - y)) / (2 * test_x.shape[0]),
                         feed_dict={x: test_x, y: test_y})
    print("test cost", round(float(test_cost), 5))

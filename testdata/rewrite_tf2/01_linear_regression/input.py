# A linear regression trained by feeding placeholders through sess.run.
import numpy as np
import tensorflow as tf

xs = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 0.5]], dtype=np.float32)
ys = np.array([[5.0], [4.0], [4.0]], dtype=np.float32)

x = tf.placeholder(tf.float32, shape=[None, 2])
y_true = tf.placeholder(tf.float32, shape=[None, 1])
W = tf.Variable(tf.zeros([2, 1]), name="W")
b = tf.Variable(tf.zeros([1]), name="b")
y = tf.matmul(x, W) + b
loss = tf.reduce_mean(tf.square(y - y_true))
optimizer = tf.train.GradientDescentOptimizer(0.05)
train = optimizer.minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(20):
        _, l = sess.run([train, loss], feed_dict={x: xs, y_true: ys})
        if step % 5 == 0:
            print("step", step, "loss", l)
    print("W", sess.run(W))
    print("prediction", sess.run(y, feed_dict={x: [[1.0, 1.0]]}))

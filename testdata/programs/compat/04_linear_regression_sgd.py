# Linear regression with GradientDescentOptimizer on synthetic data.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
xs = rng.rand(64, 1).astype(np.float32)
ys = 3.0 * xs + 2.0 + 0.01 * rng.randn(64, 1).astype(np.float32)

x = tf.placeholder(tf.float32, [None, 1])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable([[0.0]])
b = tf.Variable([0.0])
pred = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.square(pred - y))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(200):
        _, l = sess.run([train, loss], {x: xs, y: ys})
        if step % 50 == 0:
            print("step", step, "loss", round(float(l), 5))
    print("w", round(float(sess.run(w)[0][0]), 3), "b", round(float(sess.run(b)[0]), 3))

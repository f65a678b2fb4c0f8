# modes: tf1
# Linear regression trained with GradientDescentOptimizer; tf.gradients; global step.
import numpy as np
import tensorflow as tf

xs = np.array([[1.0], [2.0], [3.0], [4.0]], dtype=np.float32)
ys = np.array([[3.0], [5.0], [7.0], [9.0]], dtype=np.float32)
x = tf.placeholder(tf.float32, [None, 1])
y = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable([[0.5]], name="W")
b = tf.Variable([0.0], name="b")
pred = tf.matmul(x, W) + b
loss = tf.reduce_mean(tf.square(pred - y))
gW, gb = tf.gradients(loss, [W, b])
step = tf.train.get_or_create_global_step()
opt = tf.train.GradientDescentOptimizer(0.05)
train = opt.minimize(loss, global_step=step)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([gW, gb], {x: xs, y: ys}))
    for i in range(30):
        _, l = sess.run([train, loss], {x: xs, y: ys})
        if i % 10 == 0:
            print(i, l)
    print(sess.run(step), sess.run([W, b]))

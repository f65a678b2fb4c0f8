# The cookbook shape: the default graph reset at the start, the session made before the
# graph is built (TF1 extends its graph at each run), an init op run by name.
import numpy as np
import tensorflow as tf
tf.reset_default_graph()

sess = tf.Session()

xs = np.array([[1.0], [2.0], [3.0]], np.float32)
ys = 3.0 * xs + 1.0

x_in = tf.placeholder(shape=[None, 1], dtype=tf.float32)
y_in = tf.placeholder(shape=[None, 1], dtype=tf.float32)
slope = tf.Variable([[0.5]])
bias = tf.Variable([[0.0]])
pred = tf.add(tf.matmul(x_in, slope), bias)
loss = tf.reduce_mean(tf.square(y_in - pred))
opt = tf.train.GradientDescentOptimizer(0.05)
step = opt.minimize(loss)

init = tf.global_variables_initializer()
sess.run(init)

for i in range(30):
    sess.run(step, feed_dict={x_in: xs, y_in: ys})
    if (i + 1) % 10 == 0:
        print(i + 1, round(float(sess.run(loss, feed_dict={x_in: xs, y_in: ys})), 4))
print(np.round(sess.run(slope), 4), np.round(sess.run(bias), 4))

# A feed_dict built first as a dict (`feed = {x: ..., y: ...}`) and passed by name: its keys
# become the function's parameter names and the run passes `**feed`. The loss is extended
# with `+=` while the graph is built: a new tensor bound to the name, as `loss = loss + ...`.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [4])
y = tf.placeholder(tf.float32, [4])
w = tf.Variable(0.5)
b = tf.Variable(0.0)
pred = w * x + b
loss = tf.reduce_mean(tf.square(pred - y))
loss += 0.01 * tf.square(w)
step = tf.train.GradientDescentOptimizer(0.05).minimize(loss)
init = tf.global_variables_initializer()

data = np.array([0.0, 1.0, 2.0, 3.0], np.float32)
with tf.Session() as sess:
    sess.run(init)
    for i in range(5):
        feed = {
            x: data,
            y: 2.0 * data + 1.0,
        }
        sess.run(step, feed_dict=feed)
        print(i, round(float(sess.run(loss, feed)), 5))
    print("w", round(float(sess.run(w)), 5), "b", round(float(sess.run(b)), 5))

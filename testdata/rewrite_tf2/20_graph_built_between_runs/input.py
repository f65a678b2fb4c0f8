# The graph is finished inside the session block, after the initializer ran (TF1 adds
# the ops to the session's graph): those ops join the functions.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None])
y = tf.placeholder(tf.float32, [None])
w = tf.Variable(0.0)
pred = w * x
init = tf.global_variables_initializer()
with tf.Session() as sess:
    sess.run(init)
    loss = tf.reduce_mean(tf.square(pred - y))
    opt = tf.train.GradientDescentOptimizer(0.1)
    step = opt.minimize(loss)
    data = np.array([1.0, 2.0, 3.0], np.float32)
    for i in range(4):
        _, value = sess.run([step, loss], {x: data, y: 2.0 * data})
        print(i, round(float(value), 4))
    print("w", round(float(sess.run(w)), 4))

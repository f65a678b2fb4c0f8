# RMSProp: TF1 starts the mean square at 1, Keras at 0, so no Keras optimizer makes the
# same update: the step writes TF1's ApplyRMSProp out over a mean square per variable.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None])
w = tf.Variable(0.0)
loss = tf.reduce_mean(tf.square(w * x - 2.0 * x))
train = tf.train.RMSPropOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(10):
        _, l = sess.run([train, loss], feed_dict={x: np.array([1.0, 2.0], np.float32)})
    print("loss", round(float(l), 5), "w", round(float(sess.run(w)), 5))

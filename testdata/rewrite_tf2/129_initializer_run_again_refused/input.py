# The initializer run again after the session trained: TF1 resets the variables there
# (their initial values drawn again), so what follows sees new weights. Dropping the second
# run, as the first, would keep the trained ones: refused. (An initializer run in a loop
# of the session's statements resets them on every pass: refused too.)
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
X = tf.placeholder("float", [None, 3])
w = tf.Variable(tf.random_normal([3, 2]))
loss_op = tf.reduce_mean(tf.square(tf.matmul(X, w)))
train_op = tf.train.GradientDescentOptimizer(learning_rate=0.1).minimize(loss_op)
init = tf.global_variables_initializer()
bx = np.ones([5, 3], np.float32)
with tf.Session() as sess:
    sess.run(init)
    for step in range(3):
        sess.run(train_op, feed_dict={X: bx})
    print(sess.run(loss_op, feed_dict={X: bx}))
    sess.run(init)
    print(sess.run(loss_op, feed_dict={X: bx}))

# Adagrad (TF1 divides by the square root of the accumulator, without epsilon) on an
# explicit var_list: `frozen` is trainable but not trained.
import numpy as np
import tensorflow as tf

xs = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype=np.float32)
ys = np.array([[2.0], [-1.0], [1.0]], dtype=np.float32)
x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.zeros([2, 1]))
frozen = tf.Variable([0.5])
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + frozen - y))
train = tf.train.AdagradOptimizer(0.3, initial_accumulator_value=0.05).minimize(loss, var_list=[w])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(15):
        sess.run(train, feed_dict={x: xs, y: ys})
    print("loss", round(float(sess.run(loss, feed_dict={x: xs, y: ys})), 5))
    print(np.round(sess.run(w), 4).ravel().tolist(), sess.run(frozen).tolist())

# TF1: an L2 penalty over the trainable-variables collection, and a train op that
# relies on the collection (no var_list).
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2])
w = tf.Variable([[0.5], [-0.5]], name="w")
b = tf.Variable([0.25], name="b")
pred = tf.matmul(x, w) + b
l2 = tf.add_n([tf.reduce_sum(tf.square(v)) for v in tf.trainable_variables()])
loss = tf.reduce_mean(tf.square(pred - 1.0)) + 0.1 * l2
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

data = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        l = sess.run(loss, feed_dict={x: data})  # read before the update: a fetch list with the train op would race it
        sess.run(train, feed_dict={x: data})
        print("step", step, "loss", f"{l:.5f}")
    print("trainable", len(tf.trainable_variables()))

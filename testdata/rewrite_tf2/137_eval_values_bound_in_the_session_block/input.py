# `t.eval()` values bound to names in a `with tf.Session()` block (the Deep MNIST
# tutorial's `train_accuracy = accuracy.eval(feed_dict=...)` beside `train_step.run(...)`):
# each is a run of the block's session, the default one, as `sess.run(t)` is: the name holds
# the value a function returns (a variable's own value needs no function).
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2])
y_ = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable([[0.5], [-0.5]], name="W")
b = tf.Variable([0.1], name="b")
y = tf.matmul(x, W) + b
loss = tf.reduce_mean(tf.square(y - y_))
train_step = tf.train.GradientDescentOptimizer(0.2).minimize(loss)
accuracy = tf.reduce_mean(tf.cast(tf.equal(y > 0.5, y_ > 0.5), tf.float32))

xs = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
ys = np.array([[0], [1], [1], [1]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(6):
        if i % 2 == 0:
            train_accuracy = accuracy.eval(feed_dict={x: xs, y_: ys})
            print("step %d, training accuracy %g" % (i, train_accuracy))
        train_step.run(feed_dict={x: xs, y_: ys})
    final_loss = loss.eval({x: xs, y_: ys})
    weights = W.eval()
    print(final_loss, weights.shape, weights.ravel())

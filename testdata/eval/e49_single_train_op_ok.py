"""A plain TF1 training loop: one train op, separate evaluation fetches."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
x = tf.compat.v1.placeholder(tf.float32, [None, 2])
y = tf.compat.v1.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.zeros([2, 1]))
pred = tf.matmul(x, w)
loss = tf.reduce_mean(tf.square(pred - y))
train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)
init = tf.compat.v1.global_variables_initializer()

with tf.compat.v1.Session() as sess:
    sess.run(init)
    for step in range(200):
        _, loss_val = sess.run([train_op, loss], feed_dict={x: [[1.0, 2.0]], y: [[1.0]]})
        if step % 50 == 0:
            print(sess.run(loss, feed_dict={x: [[1.0, 2.0]], y: [[1.0]]}))
    print(sess.run(pred, feed_dict={x: [[0.5, 0.5]]}))

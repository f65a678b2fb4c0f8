# Adam built inline in the training op; two placeholders; a fetch list with the loss.
import numpy as np
import tensorflow as tf

features = np.linspace(-1.0, 1.0, 8, dtype=np.float32).reshape(8, 1)
targets = 3.0 * features - 0.5

x = tf.placeholder(tf.float32, [None, 1])
t = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable([[0.1]])
c = tf.Variable([0.0])
pred = tf.matmul(x, w) + c
loss = tf.reduce_mean(tf.square(pred - t))
train_op = tf.train.AdamOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(30):
        _, loss_value = sess.run([train_op, loss], feed_dict={x: features, t: targets})
        if epoch % 10 == 9:
            print(epoch, round(float(loss_value), 5))
    print(np.round(sess.run(w), 4), np.round(sess.run(c), 4))

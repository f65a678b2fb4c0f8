# The layer-stacking idiom: a name bound again while the graph is built (`L1 = relu(...)`,
# then `L1 = dropout(L1)`), a tensor made from the first binding in between, a loss extended.
import numpy as np
import tensorflow as tf

data = np.array([[0.5, 1.0, -1.0], [1.0, -0.5, 0.5], [1.5, 0.25, 2.0], [-2.0, 1.0, 0.0]], dtype=np.float32)
target = np.array([[1.0], [0.0], [1.0], [0.0]], dtype=np.float32)
X = tf.placeholder(tf.float32, [None, 3])
Y = tf.placeholder(tf.float32, [None, 1])
keep_prob = tf.placeholder_with_default(1.0, shape=[])
W1 = tf.Variable(tf.constant([[0.1, -0.2, 0.3, 0.05], [0.2, 0.1, -0.1, 0.3], [-0.3, 0.2, 0.1, 0.1]]))
b1 = tf.Variable(tf.zeros([4]))
W2 = tf.Variable(tf.constant([[0.3], [-0.1], [0.2], [0.4]]))
L1 = tf.nn.relu(tf.matmul(X, W1) + b1)
active = tf.reduce_sum(tf.cast(L1 > 0, tf.float32))
L1 = tf.nn.dropout(L1, keep_prob=keep_prob)
L1 = L1 * 2.0
logits = tf.matmul(L1, W2)
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=Y, logits=logits))
loss = loss + 0.01 * tf.nn.l2_loss(W1)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(20):
        _, l = sess.run([train, loss], feed_dict={X: data, Y: target})
        if i % 5 == 0:
            print(i, round(float(l), 5))
    print("active", sess.run(active, feed_dict={X: data}))
    print("hidden", np.round(sess.run(L1, feed_dict={X: data}), 4))

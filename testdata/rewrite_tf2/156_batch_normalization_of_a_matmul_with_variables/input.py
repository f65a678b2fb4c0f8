# tf.layers.batch_normalization of a matmul by a variable (its width read from the variable's
# literal shape), trained under a flag placeholder of no static shape, the UPDATE_OPS block
# around an Adam minimize() bound to `optimizer`.
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
xs = np.random.RandomState(2).randn(16, 3).astype(np.float32)
ys = (xs[:, :1] > 0).astype(np.float32)
X = tf.placeholder(tf.float32, [None, 3])
Y = tf.placeholder(tf.float32, [None, 1])
is_training = tf.placeholder(tf.bool)
W1 = tf.Variable(tf.random_normal([3, 5], stddev=0.5))
h1 = tf.matmul(X, W1)
h1 = tf.layers.batch_normalization(h1, training=is_training)
h1 = tf.nn.relu(h1)
W2 = tf.Variable(tf.random_normal([5, 1], stddev=0.5))
b2 = tf.Variable(tf.zeros([1]))
logits = tf.matmul(h1, W2) + b2
cost = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=Y, logits=logits))
update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    optimizer = tf.train.AdamOptimizer(0.01).minimize(cost)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(30):
        c, _ = sess.run([cost, optimizer], {X: xs, Y: ys, is_training: True})
    print(c, sess.run(cost, {X: xs, Y: ys, is_training: False}))

# modes: tf1
# A small CNN trained in a session: conv2d (SAME/VALID, strides), max_pool, avg_pool (padding
# not counted), and their gradients through GradientDescentOptimizer.
import numpy as np
import tensorflow as tf
tf.set_random_seed(11)
rng = np.random.RandomState(0)
xs = rng.rand(4, 8, 8, 1).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[[0, 1, 2, 1]]
x = tf.placeholder(tf.float32, [None, 8, 8, 1])
y = tf.placeholder(tf.float32, [None, 3])
w1 = tf.Variable(tf.truncated_normal([3, 3, 1, 4], stddev=0.1))
b1 = tf.Variable(tf.constant(0.1, shape=[4]))
h1 = tf.nn.relu(tf.nn.conv2d(x, w1, strides=[1, 1, 1, 1], padding="SAME") + b1)
p1 = tf.nn.max_pool(h1, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
w2 = tf.Variable(tf.truncated_normal([3, 3, 4, 6], stddev=0.1))
h2 = tf.nn.conv2d(p1, w2, strides=[1, 2, 2, 1], padding="VALID")
p2 = tf.nn.avg_pool(h2, ksize=[1, 1, 1, 1], strides=[1, 1, 1, 1], padding="VALID")
a3 = tf.nn.avg_pool(h1, ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")
flat = tf.reshape(p2, [-1, 6])
wf = tf.Variable(tf.truncated_normal([6, 3], stddev=0.1))
logits = tf.matmul(flat, wf)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits)) + tf.reduce_mean(a3)
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
print("static", h1.shape, p1.shape, h2.shape, a3.shape)
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    for i in range(4):
        _, l = s.run([train, loss], {x: xs, y: ys})
        print(i, l)
    print("h2", s.run(h2, {x: xs})[0, :, :, 0])
    print("a3", s.run(a3, {x: xs})[1, :, :, 2])
    print("w1", s.run(w1)[:, :, 0, 1])

# A helper whose seeded dropout two graph statements build (`model(x, True)` twice): TF1
# made two dropout ops, each starting the seed's stream; one generator would give the
# second the first's next numbers: refused.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

x = tf.compat.v1.placeholder(tf.float32, shape=[4, 3])
w = tf.Variable([[0.5], [-0.25], [1.0]])


def model(data, train=False):
    hidden = tf.nn.relu(data)
    if train:
        hidden = tf.nn.dropout(hidden, rate=1 - 0.5, seed=7)
    return tf.matmul(hidden, w)


logits = model(x, True)
other = model(x, train=True)
loss = tf.reduce_mean(tf.square(logits - other))
train = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)

data = np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for i in range(3):
        sess.run(train, feed_dict={x: data})
        print(i, sess.run(loss, feed_dict={x: data}))

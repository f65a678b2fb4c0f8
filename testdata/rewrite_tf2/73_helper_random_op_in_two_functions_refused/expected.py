# A dropout inside a model function (tensorflow/models' convolutional.py): `logits` is one
# op of the TF1 graph that the training run and the run fetching the loss both run, each
# run drawing its next mask. Two tf.functions would each trace a dropout of their own,
# drawing the same first mask (the same op seed) where TF1 drew the next: refused.
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
loss = tf.reduce_mean(tf.square(logits - 1.0))
train = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)

data = np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for i in range(3):
        sess.run(train, feed_dict={x: data})
        print(i, sess.run(loss, feed_dict={x: data}))

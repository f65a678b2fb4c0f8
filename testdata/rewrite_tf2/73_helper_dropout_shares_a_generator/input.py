# A dropout inside a model function (tensorflow/models' convolutional.py): `logits` is one
# op of the TF1 graph that the training run and the run fetching the loss both run, each
# run drawing the next mask of the op's seed. Two tf.functions would each trace a dropout
# of their own, drawing the same first mask again: the dropout draws from one generator
# made from the seed before the functions (general_dropout with its `uniform` sampler), so
# each call takes the next mask, as each TF1 run did.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[4, 3])
w = tf.Variable([[0.5], [-0.25], [1.0]])


def model(data, train=False):
    hidden = tf.nn.relu(data)
    if train:
        hidden = tf.nn.dropout(hidden, 0.5, seed=7)
    return tf.matmul(hidden, w)


logits = model(x, True)
loss = tf.reduce_mean(tf.square(logits - 1.0))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

data = np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        sess.run(train, feed_dict={x: data})
        print(i, sess.run(loss, feed_dict={x: data}))

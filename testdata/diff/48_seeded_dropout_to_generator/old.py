# TF1: the MNIST tutorial's seeded weights (two truncated_normal ops with one op seed: the
# same numbers) and one seeded dropout op, run by two sess.run sites (its stream goes on).
import numpy as np
import tensorflow as tf

SEED = 66478
w1 = tf.Variable(tf.truncated_normal([2, 3], stddev=0.1, seed=SEED), name="w1")
w2 = tf.Variable(tf.truncated_normal([2, 3], stddev=0.1, seed=SEED), name="w2")
x = tf.placeholder(tf.float32, [2, 2])


def model(data, train=False):
    hidden = tf.matmul(data, w1) + w2
    if train:
        hidden = tf.nn.dropout(hidden, 0.5, seed=SEED)
    return hidden


train_out = model(x, True)
eval_out = tf.reduce_sum(train_out, axis=1)  # the same dropout op, run by a second site
data = np.ones([2, 2], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("w1", np.round(sess.run(w1), 5).tolist())
    print("w2", np.round(sess.run(w2), 5).tolist())
    for step in range(2):
        print("train", step, np.round(sess.run(train_out, feed_dict={x: data}), 5).tolist())
        print("eval", step, np.round(sess.run(eval_out, feed_dict={x: data}), 5).tolist())

# A small MLP trained on XOR with get_variable layers and Adam.
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)
xs = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
ys = np.array([[0], [1], [1], [0]], dtype=np.float32)


def dense(x, n_out, name, act=None):
    with tf.variable_scope(name):
        w = tf.get_variable("w", [x.get_shape()[1].value, n_out],
                            initializer=tf.random_uniform_initializer(-1.0, 1.0, seed=1))
        b = tf.get_variable("b", [n_out], initializer=tf.zeros_initializer())
    y = tf.matmul(x, w) + b
    return act(y) if act else y


x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
h = dense(x, 8, "h", tf.nn.tanh)
logits = dense(h, 1, "out")
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
train = tf.train.AdamOptimizer(0.05).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(300):
        _, l = sess.run([train, loss], {x: xs, y: ys})
    pred = sess.run(tf.round(tf.sigmoid(logits)), {x: xs})
    print("loss below 0.1", bool(l < 0.1))
    print("pred", pred.ravel().tolist())

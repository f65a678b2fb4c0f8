"""TF1 trainer with separate training and evaluation graphs."""
import tensorflow as tf


def build_train_graph():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 2])
        w = tf.Variable(tf.zeros([2, 1]))
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w)))
        train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)
        saver = tf.compat.v1.train.Saver()
    return g, x, train_op, saver


def build_eval_graph():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 2])
        labels = tf.compat.v1.placeholder(tf.float32, [None, 1])
        w = tf.Variable(tf.zeros([2, 1]))
        acc, acc_update_op = tf.compat.v1.metrics.accuracy(labels, tf.matmul(x, w))
        saver = tf.compat.v1.train.Saver()
    return g, x, labels, acc, acc_update_op, saver


def train(steps):
    train_graph, x, train_op, saver = build_train_graph()
    with tf.compat.v1.Session(graph=train_graph) as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        for _ in range(steps):
            sess.run(train_op, feed_dict={x: [[1.0, 2.0]]})
        saver.save(sess, "/tmp/m.ckpt")


def evaluate():
    eval_graph, x, labels, acc, acc_update_op, saver = build_eval_graph()
    with tf.compat.v1.Session(graph=eval_graph) as sess:
        saver.restore(sess, "/tmp/m.ckpt")
        sess.run(tf.compat.v1.local_variables_initializer())
        for _ in range(10):
            sess.run(acc_update_op, feed_dict={x: [[1.0, 2.0]], labels: [[1.0]]})
        return sess.run(acc)

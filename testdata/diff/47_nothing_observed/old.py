# TF1: builds a graph and never runs it: nothing printed, fetched or observed.
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2])
w = tf.Variable(tf.ones([2, 1]), name="w")
y = tf.matmul(x, w)

# TF2: computes eagerly and keeps the result to itself.
import tensorflow as tf

w = tf.ones([2, 1])
y = tf.matmul(tf.constant([[1.0, 2.0]]), w)

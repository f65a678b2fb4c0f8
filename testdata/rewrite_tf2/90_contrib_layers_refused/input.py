# tf.contrib.layers: gone from TF 2, with no tf.compat.v1 form; refused, naming the call.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3])
h = tf.contrib.layers.fully_connected(x, 4)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(h, {x: np.ones([2, 3], np.float32)}).shape)

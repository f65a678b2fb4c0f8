# tf.contrib.layers: gone from TF 2, with no tf.compat.v1 form; refused, naming the call.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

x = tf.compat.v1.placeholder(tf.float32, [None, 3])
h = tf.contrib.layers.fully_connected(x, 4)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(h, {x: np.ones([2, 3], np.float32)}).shape)

# `h` bound to a dense layer's output, then to a concat of it: the second dense layer's
# input width is not the first layer's units (it is twice that), and the text does not say
# it: refused. (Before, the first binding's units were taken for the second, and the
# converted Dense was built for the wrong width.)
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

x = tf.compat.v1.placeholder(tf.float32, [None, 3])
h = tf.compat.v1.layers.dense(x, 10)
h = tf.concat([h, h], 1)
o = tf.compat.v1.layers.dense(h, 2)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(o, {x: np.ones([1, 3], np.float32)}).shape)

# A scoped-layer helper first called with a name bound again after another helper's
# output (`h = tf.concat([h, h], 1)`): its input's last dimension is not that helper's
# units any more, and not known statically, so the layer cannot be built where TF1 made
# its variables. Refused (it was once built for the stale units).
import numpy as np
import tensorflow as tf


def enc(x):
    with tf.variable_scope("enc", reuse=tf.AUTO_REUSE):
        return tf.layers.dense(x, 2)


def dec(x):
    with tf.variable_scope("dec", reuse=tf.AUTO_REUSE):
        return tf.layers.dense(x, 3)


inputs = tf.placeholder(tf.float32, [None, 3])
h = enc(inputs)
h = tf.concat([h, h], 1)
out = dec(h)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(out, {inputs: np.ones([2, 3], np.float32)}).shape)

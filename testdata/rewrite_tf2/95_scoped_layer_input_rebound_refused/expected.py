# A scoped-layer helper first called with a name bound again after another helper's
# output (`h = tf.concat([h, h], 1)`): its input's last dimension is not that helper's
# units any more, and not known statically, so the layer cannot be built where TF1 made
# its variables. Refused (it was once built for the stale units).
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")


def enc(x):
    with tf.compat.v1.variable_scope("enc", reuse=tf.compat.v1.AUTO_REUSE):
        return tf.compat.v1.layers.dense(x, 2)


def dec(x):
    with tf.compat.v1.variable_scope("dec", reuse=tf.compat.v1.AUTO_REUSE):
        return tf.compat.v1.layers.dense(x, 3)


inputs = tf.compat.v1.placeholder(tf.float32, [None, 3])
h = enc(inputs)
h = tf.concat([h, h], 1)
out = dec(h)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(out, {inputs: np.ones([2, 3], np.float32)}).shape)

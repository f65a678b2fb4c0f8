# tf.layers.conv2d over an input whose channels the text does not state (a reshape to a
# shape read from the data): refused with the reason on its line, since the Keras layer must
# be built where TF1 made its kernel, for those channels.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

data = np.linspace(-1.0, 1.0, 2 * 6 * 6 * 2, dtype=np.float32).reshape(2, 72)
channels = data.shape[1] // 36
x = tf.compat.v1.placeholder(tf.float32, [None, 72])
images = tf.reshape(x, [-1, 6, 6, channels])
conv = tf.compat.v1.layers.conv2d(images, 3, 3, activation=tf.nn.relu)
pooled = tf.compat.v1.layers.max_pooling2d(conv, 2, 2)
total = tf.reduce_sum(pooled)

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(pooled, {x: data}).shape)
    print(round(float(sess.run(total, {x: data})), 3) >= 0.0)

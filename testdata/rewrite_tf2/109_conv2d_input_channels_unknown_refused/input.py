# tf.layers.conv2d over an input whose channels the text does not state (a reshape to a
# shape read from the data): refused with the reason on its line, since the Keras layer must
# be built where TF1 made its kernel, for those channels.
import numpy as np
import tensorflow as tf

data = np.linspace(-1.0, 1.0, 2 * 6 * 6 * 2, dtype=np.float32).reshape(2, 72)
channels = data.shape[1] // 36
x = tf.placeholder(tf.float32, [None, 72])
images = tf.reshape(x, [-1, 6, 6, channels])
conv = tf.layers.conv2d(images, 3, 3, activation=tf.nn.relu)
pooled = tf.layers.max_pooling2d(conv, 2, 2)
total = tf.reduce_sum(pooled)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(pooled, {x: data}).shape)
    print(round(float(sess.run(total, {x: data})), 3) >= 0.0)

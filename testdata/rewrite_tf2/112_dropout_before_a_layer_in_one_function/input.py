# Dropouts that one function runs, made between two dense layers: the function would make its
# op when it is traced, after both layers' variables, where TF1 made it before the second
# layer's: a generator made in its place draws the masks (training=True: a dropout; the
# default, False: the input itself, no op).
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [6, 4])
h = tf.layers.dense(x, 8, activation=tf.nn.relu)
h = tf.layers.dropout(h, rate=0.3, training=True)
h = tf.layers.dropout(h, rate=0.3)
logits = tf.layers.dense(h, 1)
out = tf.reduce_sum(logits)
data = np.linspace(-1, 1, 24, dtype=np.float32).reshape(6, 4)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        print(sess.run(out, {x: data}))

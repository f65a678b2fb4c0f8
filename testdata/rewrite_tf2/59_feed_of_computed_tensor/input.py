# A run that feeds a computed tensor: TF1 replaces `scaled`'s value for that run and does
# not compute it. TF2's form: a function taking it as an argument (what it alone needed
# is not computed); the run without the feed computes it as before.
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
scaled = x * 2.0
total = tf.reduce_sum(scaled) + tf.reduce_max(x)
with tf.Session() as sess:
    print("total", sess.run(total))
    print("fed", sess.run(total, feed_dict={scaled: np.array([10.0, 20.0, 30.0], np.float32)}))
    print("again", sess.run(total, {scaled: [1.0, 1.0, 1.0]}))

# TF1 can feed any tensor, not only placeholders; a function parameter cannot stand in for it.
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

a = tf.constant(1.0)
b = a + 1.0
c = b * 3.0
with tf.compat.v1.Session() as sess:
    print(sess.run(c))
    print(sess.run(c, feed_dict={b: 10.0}))

# TF1 can feed any tensor, not only placeholders; a function parameter cannot stand in for it.
import tensorflow as tf

a = tf.constant(1.0)
b = a + 1.0
c = b * 3.0
with tf.Session() as sess:
    print(sess.run(c))
    print(sess.run(c, feed_dict={b: 10.0}))

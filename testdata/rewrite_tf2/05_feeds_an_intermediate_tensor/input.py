# TF1 can feed any tensor, not only placeholders (a fed computed tensor becomes a function
# argument: 59_*), but TF 2.21's TF1 mode does not honor this feed: its graph optimizer
# rewrites `a + 1.0` (both operands 1.0) and computes `c` from `a` (6.0, not 30.0): refused.
import tensorflow as tf

a = tf.constant(1.0)
b = a + 1.0
c = b * 3.0
with tf.Session() as sess:
    print(sess.run(c))
    print(sess.run(c, feed_dict={b: 10.0}))

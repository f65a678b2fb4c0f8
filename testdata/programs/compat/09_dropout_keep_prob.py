# tf.nn.dropout with keep_prob (positional and keyword): TF2 takes rate.
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
x = tf.ones([4, 6])
a = tf.nn.dropout(x, 0.75, seed=1)
kp = tf.placeholder_with_default(0.5, [])
b = tf.nn.dropout(x, keep_prob=kp, seed=2)
c = tf.nn.dropout(x, keep_prob=0.9, noise_shape=[4, 1], seed=5)
with tf.Session() as sess:
    ra, rb, rc = sess.run([a, b, c])
    print("a kept", int((ra > 0).sum()), "scale", round(float(ra.max()), 4))
    print("b kept", int((rb > 0).sum()), "scale", round(float(rb.max()), 4))
    print("c rows", np.round(rc[:, 0].astype(np.float64), 4).tolist())
    print("b at 1.0", int((sess.run(b, {kp: 1.0}) > 0).sum()))

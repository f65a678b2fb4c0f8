# Seeded sampling: multinomial, random_shuffle, random_crop, truncated_normal.
import numpy as np
import tensorflow as tf

tf.set_random_seed(5)
logits = tf.log([[0.1, 0.2, 0.7]])
samples = tf.multinomial(logits, 8, seed=3)
shuffled = tf.random_shuffle(tf.range(6), seed=4)
crop = tf.random_crop(tf.reshape(tf.range(16), [4, 4]), [2, 2], seed=6)
tn = tf.truncated_normal([4], stddev=0.5, seed=8)
with tf.Session() as sess:
    s, sh, c, t = sess.run([samples, shuffled, crop, tn])
    print("samples", s.tolist())
    print("shuffled", sh.tolist())
    print("crop", c.tolist())
    print("tn", np.round(t.astype(np.float64), 4).tolist())

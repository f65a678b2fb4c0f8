# One unseeded random op run by several sess.run calls of other fetches: TF1 drew its next
# numbers on each run from the one op. Each function draws from one tf.random.Generator
# made once (with --deterministic-random, one stream per generator, as per TF1 op).
import tensorflow as tf

noise = tf.random_normal([2, 3], stddev=0.5)
scale = tf.constant(3.0)
scaled = noise * scale
total = tf.reduce_sum(noise)

with tf.Session() as sess:
    print("noise", sess.run(noise))
    print("scaled", sess.run(scaled))
    print("total", sess.run(total))
    print("again", sess.run(noise + 1.0))

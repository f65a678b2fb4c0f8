# Initializable iterator fed through a placeholder, re-initialized twice.
import numpy as np
import tensorflow as tf

limit = tf.placeholder(tf.int64, [])
ds = tf.data.Dataset.range(limit).filter(lambda v: v % 2 == 0).repeat(2)
it = tf.data.make_initializable_iterator(ds)
nxt = it.get_next()
total = tf.Variable(0, dtype=tf.int64)
acc = tf.assign_add(total, nxt)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for n in [5, 8]:
        sess.run(it.initializer, feed_dict={limit: n})
        seen = []
        try:
            while True:
                seen.append(int(sess.run(acc)))
        except tf.errors.OutOfRangeError:
            pass
        print("limit", n, "running totals", seen)

# TF1: tf.while_loop and tf.cond built explicitly (Collatz steps of a fed number).
import tensorflow as tf

n = tf.placeholder(tf.int32, [])


def body(i, v):
    v = tf.cond(tf.equal(v % 2, 0), lambda: v // 2, lambda: 3 * v + 1)
    return i + 1, v


steps, _ = tf.while_loop(lambda i, v: v > 1, body, [tf.constant(0), n])

with tf.Session() as sess:
    for start in [6, 7, 27]:
        print("start", start, "steps", sess.run(steps, feed_dict={n: start}))

# modes: tf1
# tf.cond / tf.while_loop in a graph, run in a session.
import tensorflow as tf

x = tf.placeholder(tf.int32, [])
r = tf.cond(x > 0, lambda: x * 10, lambda: -x)
i, s = tf.while_loop(lambda i, s: i < x, lambda i, s: (i + 1, s + i), [tf.constant(0), tf.constant(0)])
n = tf.while_loop(lambda k: k < 100, lambda k: k * 2, [tf.constant(1)])
with tf.Session() as sess:
    print(sess.run(r, {x: 3}), sess.run(r, {x: -4}))
    print(sess.run([i, s], {x: 5}))
    print(sess.run(n))

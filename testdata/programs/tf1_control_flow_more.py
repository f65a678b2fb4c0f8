# modes: tf1
# while_loop with maximum_iterations and a nested cond; cond with tuple outputs. With
# maximum_iterations, TF's v1 while_loop insists that the body returns the same sequence
# type as loop_vars (a tuple for a list is a TypeError).
import tensorflow as tf

n = tf.placeholder(tf.int32, [])


def body(i, a):
    return i + 1, tf.cond(tf.equal(i % 2, 0), lambda: a + i, lambda: a - i)


try:
    tf.while_loop(lambda i, a: i < n, body, [tf.constant(0), tf.constant(0)], maximum_iterations=6)
except TypeError as e:
    print("TypeError")
i, acc = tf.while_loop(lambda i, a: i < n, lambda i, a: list(body(i, a)),
                       [tf.constant(0), tf.constant(0)], maximum_iterations=6)
a, b = tf.cond(n > 3, lambda: (tf.constant(1.0), n * 2), lambda: (tf.constant(2.0), n * 3))
with tf.Session() as sess:
    print(sess.run([i, acc], {n: 4}), sess.run([i, acc], {n: 10}))
    print(sess.run([a, b], {n: 5}), sess.run((a, b), {n: 1}))

# modes: tf2
# tf.cond / tf.while_loop eagerly and inside tf.function.
import tensorflow as tf


def f(x):
    r = tf.cond(x > 0, lambda: x * 10, lambda: -x)
    i, s = tf.while_loop(lambda i, s: i < x, lambda i, s: (i + 1, s + i), [tf.constant(0), tf.constant(0)])
    return r, s


print(f(tf.constant(3)), f(tf.constant(-2)))
g = tf.function(f)
print(g(tf.constant(3)), g(tf.constant(-2)), g(tf.constant(6)))

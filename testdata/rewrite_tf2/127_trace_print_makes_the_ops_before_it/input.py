# A graph tensor printed before the session, made after ops no run needs (two exercises in
# one graph). TF1 printed `Tensor("random_uniform_2:0", ...)`: its name counts every op
# made before it. The function the session runs first makes those too, in order, unused
# (stateless TF ops of tensors it makes: nothing else changes), so that the print, when it
# is traced, shows TF1's name, and its random ops get TF1's creation numbers (what
# --deterministic-random numbers). The graph built after the session's only run is never
# computed, as in TF1; the branches written as defs there go with it.
import tensorflow as tf

x = tf.random_uniform([])
y = tf.random_uniform([])
out = tf.cond(tf.greater(x, y), lambda: tf.add(x, y), lambda: tf.subtract(x, y))

x = tf.random_uniform([], -1, 1, dtype=tf.float32)
print(x)
sess = tf.InteractiveSession()
print(sess.run(x))

x = tf.random_normal([300], mean=5, stddev=1)
y = tf.random_normal([300], mean=5, stddev=1)
average = tf.reduce_mean(x - y)
def f1(): return tf.reduce_mean(tf.square(x - y))
def f2(): return tf.reduce_sum(tf.abs(x - y))
out = tf.cond(average < 0, f1, f2)

# modes: tf1
# Session.run executes only what the fetches need: an un-fetched assign never runs; an
# op created outside tf.cond's branches runs whatever the predicate (v1 control flow).
import tensorflow as tf

v = tf.Variable(0, name="v")
inc = tf.assign_add(v, 1)
read = v + 0
c = tf.Variable(0, name="c")
outside = tf.assign_add(c, 10)
p = tf.placeholder(tf.bool, [])
r = tf.cond(p, lambda: outside, lambda: tf.constant(-1))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(read), sess.run(read))
    sess.run(inc)
    print(sess.run(read))
    print(sess.run(r, {p: True}), sess.run(c))
    print(sess.run(r, {p: False}), sess.run(c))

"""Hashable references and placeholder feeds."""
import tensorflow as tf

w = tf.Variable(1.0)
v = tf.Variable(2.0)
slots = {w.ref(): "a", v.ref(): "b"}
for ref, name in slots.items():
    print(ref.deref().numpy(), name)
by_name = {"w": w, "v": v}

g = tf.Graph()
with g.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [None])
    y = x * 2.0
    with tf.compat.v1.Session() as sess:
        feed = {x: [1.0, 2.0]}
        print(sess.run(y, feed_dict=feed))
        print(sess.run(y, feed_dict={x: [3.0]}))

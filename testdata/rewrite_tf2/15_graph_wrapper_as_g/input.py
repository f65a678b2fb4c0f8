# `with tf.Graph().as_default() as g:` where g only tells the session its graph; an
# InteractiveSession assigned in the block.
import tensorflow as tf

with tf.Graph().as_default() as g:
    total = tf.Variable(0.0, name="total")
    x = tf.placeholder_with_default(1.0, shape=[])
    add = tf.assign_add(total, x)
    sess = tf.InteractiveSession(graph=g)
    sess.run(tf.global_variables_initializer())
    for v in [1.0, 2.5, -0.5]:
        sess.run(add, feed_dict={x: v})
    sess.run(add)
    print("total", sess.run(total))
    sess.close()

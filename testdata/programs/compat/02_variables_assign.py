# Variables, initializers and assignments run through a session.
import tensorflow as tf

v = tf.Variable(tf.zeros([3]), name="v")
counter = tf.Variable(0, name="counter")
inc = tf.assign_add(counter, 1)
set_v = tf.assign(v, [1.0, 2.0, 3.0])
scaled = v * tf.to_float(counter)
init = tf.global_variables_initializer()
with tf.Session() as sess:
    sess.run(init)
    sess.run(set_v)
    for _ in range(3):
        sess.run(inc)
    print("counter", sess.run(counter))
    print("scaled", sess.run(scaled).tolist())
    print("names", sorted(var.op.name for var in tf.global_variables()))

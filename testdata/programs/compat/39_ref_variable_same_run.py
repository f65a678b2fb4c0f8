# TF1's tf.Variable is a RefVariable: a value fetched in the same run as its update
# reads the updated buffer (a ResourceVariable reads the value before the update).
import tensorflow as tf

v = tf.Variable(1.0, name="v")
total = tf.Variable(tf.zeros([2]), name="total")
inc = tf.assign_add(v, 1.0)
add = tf.assign_add(total, [0.5, 1.5])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        print("step", step, sess.run([inc, v]), sess.run([add, total])[1].tolist())
    print("names", sorted(x.op.name for x in tf.global_variables()))

# Counters updated by assign ops, an initializer run by name, a tuple fetch.
import tensorflow as tf

total = tf.Variable(0.0, name="total")
calls = tf.Variable(0, name="calls", trainable=False)
amount = tf.placeholder(tf.float32, shape=[])
add = tf.assign_add(total, amount)  # the TF1 update op
count = tf.assign_add(calls, 1)
mean = total / tf.cast(calls, tf.float32)
init = tf.global_variables_initializer()

with tf.Session() as sess:
    sess.run(init)
    for value in [1.0, 2.5, 4.0]:
        sess.run(add, feed_dict={amount: value})
        sess.run(count)
        t, n = sess.run((total, calls))
        print("total", t, "calls", n)
    print("mean", sess.run(mean))
print("done")

# Variables initialized one by one (`w.initializer.run()` of the InteractiveSession,
# `sess.run(v.initializer)`) as the graph grows: TF2 initializes each where it is made.
import tensorflow as tf

sess = tf.InteractiveSession()
ones = tf.ones([3])
print("ones", ones.eval())
w = tf.Variable(tf.eye(3), name="w")
w.initializer.run()
print("w", w.eval())
v = tf.Variable([[1.0, 2.0, 3.0]], name="v")
sess.run(v.initializer)
scaled = tf.matmul(v, w) * 2.0
print("scaled", scaled.eval())
total = tf.reduce_sum(scaled) + tf.reduce_sum(ones)
print("total", total.eval())
sess.close()

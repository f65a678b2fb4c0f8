# The second example's session runs the global initializer: TF1 initializes every
# variable of the graph in that session, the first example's too, whose value it then
# holds. Where the first part changed one, TF2 assigns it its initial value there again.
import tensorflow as tf

total = tf.Variable(100.0, name="total")
spend = total.assign_sub(30.0)
with tf.Session() as sess:
    sess.run(total.initializer)
    print("spent", sess.run(spend))

rate = tf.Variable(0.5, name="rate")
doubled = rate.assign(rate * 2.0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("doubled", sess.run(doubled), sess.run(doubled))

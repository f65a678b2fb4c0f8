# Two sessions used in turn, each initialising the same variables: TF1 gives each session
# its own copy of the state. TF2 gets one variable per session (named after it), and each
# run of a variable's own method updates that session's copy where the run was.
import tensorflow as tf

count = tf.Variable(0)
scale = tf.Variable(1.5)
sess_a = tf.Session()
sess_b = tf.Session()
sess_a.run(count.initializer)
sess_a.run(scale.initializer)
sess_b.run(count.initializer)
sess_b.run(scale.initializer)

print("a", sess_a.run(count.assign_add(5)))
print("b", sess_b.run(count.assign_sub(2)))
print("a", sess_a.run(count.assign_add(10)), sess_a.run(scale.assign(0.5)))
print("b", sess_b.run(count), sess_b.run(scale))
sess_a.close()
sess_b.close()

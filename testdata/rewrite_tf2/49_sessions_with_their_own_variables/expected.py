# Two sessions used in turn, each initialising the same variables: TF1 gives each session
# its own copy of the state. TF2 gets one variable per session (named after it), and each
# run of a variable's own method updates that session's copy where the run was.
import tensorflow as tf

count_sess_a = tf.Variable(0, name="count_sess_a")
count_sess_b = tf.Variable(0, name="count_sess_b")
scale_sess_a = tf.Variable(1.5, name="scale_sess_a")
scale_sess_b = tf.Variable(1.5, name="scale_sess_b")
print("a", count_sess_a.assign_add(5).numpy())
print("b", count_sess_b.assign_sub(2).numpy())
print("a", count_sess_a.assign_add(10).numpy(), scale_sess_a.assign(0.5).numpy())
print("b", count_sess_b.numpy(), scale_sess_b.numpy())

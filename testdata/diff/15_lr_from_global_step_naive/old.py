# TF1 (guide, pattern 2, example 1): a learning rate computed from the global step; every
# sess.run reads the current step, so the rate decays as 0.1 / step.
import tensorflow as tf

global_step = tf.Variable(1.0, name="global_step")
learning_rate = 0.1 / global_step
w = tf.Variable(2.0, name="w")
loss = tf.square(w)
train = tf.train.GradientDescentOptimizer(learning_rate).minimize(loss, var_list=[w])
with tf.control_dependencies([train]):
    next_step = global_step.assign_add(1.0)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(4):
        lr, step = sess.run([learning_rate, next_step])
        print("step", i, "lr", f"{lr:.5f}", "global_step", step)

# TF1: the Python `if` runs on the numpy value sess.run returned, once per step.
import tensorflow as tf

w = tf.Variable(4.0, name="w")
loss = tf.square(w)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss, var_list=[w])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        l = sess.run(loss)  # read before the update: one fetch list would race the update
        sess.run(train)
        if l > 10.0:
            print("step", step, "large loss", l)
        else:
            print("step", step, "small loss", l)

# Two update ops run by separate sess.run calls (each its own function: a function
# runs every update it holds), and a tf.cond whose branch names a tensor built outside it.
import tensorflow as tf

d_w = tf.Variable(1.0, name="d_w")
g_w = tf.Variable(0.5, name="g_w")
d_loss = tf.square(d_w * g_w - 3.0)
g_loss = tf.square(g_w + d_w - 1.0)
train_d = tf.train.GradientDescentOptimizer(0.05).minimize(d_loss, var_list=[d_w])
train_g = tf.train.GradientDescentOptimizer(0.05).minimize(g_loss, var_list=[g_w])
flag = tf.placeholder(tf.bool, [])
bigger = tf.maximum(d_w, g_w)
pick = tf.cond(flag, lambda: bigger * 2.0, lambda: tf.constant(-1.0))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        sess.run(train_d)
        if step % 2 == 1:
            sess.run(train_g)
        print(step, round(float(sess.run(d_loss)), 5), round(float(sess.run(g_loss)), 5))
    print(sess.run(pick, {flag: True}), sess.run(pick, {flag: False}))

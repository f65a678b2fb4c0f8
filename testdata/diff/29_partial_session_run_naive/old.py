# TF1 (guide, pattern 4): one graph with a discriminator and a generator update; the loop
# trains the discriminator every step and the generator every second step, by choosing
# what each sess.run fetches.
import tensorflow as tf

d_w = tf.Variable(1.0, name="d_w")
g_w = tf.Variable(0.5, name="g_w")
d_loss = tf.square(d_w * g_w - 3.0)
g_loss = tf.square(g_w + d_w - 1.0)
train_d = tf.train.GradientDescentOptimizer(0.05).minimize(d_loss, var_list=[d_w])
train_g = tf.train.GradientDescentOptimizer(0.05).minimize(g_loss, var_list=[g_w])

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        dl = sess.run(d_loss)  # read before the update: a fetch list with the train op would race it
        sess.run(train_d)
        print("step", step, "d_loss", f"{dl:.5f}")
        if step % 2 == 1:
            gl = sess.run(g_loss)  # read before the update: a fetch list with the train op would race it
            sess.run(train_g)
            print("step", step, "g_loss", f"{gl:.5f}")

# tf.gradients, stop_gradient, exponential_decay with a global step.
import tensorflow as tf

x = tf.Variable(3.0)
y = x * x + tf.stop_gradient(x) * 4.0
g = tf.gradients(y, x)[0]
step = tf.train.get_or_create_global_step()
lr = tf.train.exponential_decay(0.1, step, decay_steps=10, decay_rate=0.5, staircase=True)
inc = tf.assign_add(step, 5)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("grad", sess.run(g))
    for _ in range(4):
        print("step", sess.run(step), "lr", round(float(sess.run(lr)), 5))
        sess.run(inc)

# modes: tf1
# Momentum and Adam optimizers (slot variables), compute_gradients/apply_gradients.
import tensorflow as tf

w = tf.Variable([1.0, -2.0], name="w")
loss = tf.reduce_sum(tf.square(w - tf.constant([3.0, 1.0])))
mom = tf.train.MomentumOptimizer(0.1, momentum=0.9)
step_m = mom.minimize(loss)
v = tf.Variable([0.5], name="v")
loss2 = tf.reduce_sum(v * v * 3.0)
adam = tf.train.AdamOptimizer(0.1)
gv = adam.compute_gradients(loss2, var_list=[v])
step_a = adam.apply_gradients(gv)
print(sorted(x.name for x in tf.global_variables()))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(4):
        sess.run([step_m, step_a])
        print(i, sess.run(w), sess.run(v))
    print(sess.run(loss), sess.run(loss2))

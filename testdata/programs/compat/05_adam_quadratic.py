# AdamOptimizer minimizing a quadratic; slot variables exist.
import tensorflow as tf

v = tf.Variable([5.0, -3.0])
loss = tf.reduce_sum(tf.square(v - [1.0, 2.0]))
opt = tf.train.AdamOptimizer(learning_rate=0.1)
train = opt.minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(100):
        sess.run(train)
    print("v", [round(float(t), 3) for t in sess.run(v)])
    print("loss", round(float(sess.run(loss)), 5))
    print("slots", sorted(opt.get_slot_names()))

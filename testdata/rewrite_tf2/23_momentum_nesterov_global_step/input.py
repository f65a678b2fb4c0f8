# Nesterov momentum with a global step that minimize() increments; the step is read back.
import numpy as np
import tensorflow as tf

data = np.array([[0.5], [1.0], [1.5], [2.0]], dtype=np.float32)
x = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable([[0.2]])
b = tf.Variable([0.1])
global_step = tf.Variable(0, trainable=False, name="global_step")
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - (1.5 * x + 0.25)))
optimizer = tf.train.MomentumOptimizer(0.05, momentum=0.9, use_nesterov=True)
train_op = optimizer.minimize(loss, global_step=global_step)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(25):
        _, l = sess.run([train_op, loss], feed_dict={x: data})
        if i % 8 == 0:
            print(i, round(float(l), 5))
    print("step", sess.run(global_step))
    print("w", np.round(sess.run(w), 4), "b", np.round(sess.run(b), 4))

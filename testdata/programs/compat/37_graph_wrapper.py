# A graph built inside `with tf.Graph().as_default():` and run by a session in it.
import numpy as np
import tensorflow as tf

targets = np.array([0.5, -1.0, 2.0], np.float32)

with tf.Graph().as_default():
    t = tf.placeholder(tf.float32, [3])
    v = tf.Variable(tf.zeros([3]))
    loss = tf.reduce_sum(tf.square(v - t))
    train = tf.train.MomentumOptimizer(0.05, momentum=0.9).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(40):
            _, l = sess.run([train, loss], {t: targets})
            if step % 10 == 0:
                print("step", step, "loss", round(float(l), 4))
        print("v", [round(float(e), 3) for e in sess.run(v)])
    print("graph closed")

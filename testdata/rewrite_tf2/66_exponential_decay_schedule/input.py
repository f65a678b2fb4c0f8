# A learning rate decayed from the global step (tf.train.exponential_decay, staircase) that
# the optimizer reads and a run fetches: TF2's form is Keras' ExponentialDecay of the same
# step. The Keras optimizer reads it as a callable learning rate at each update (before the
# step's increment, as TF1's minimize read it), and the function that fetches it calls the
# schedule with the step.
import numpy as np
import tensorflow as tf

BATCH = 4
x = tf.placeholder(tf.float32, shape=[BATCH, 2])
w = tf.Variable([[0.5], [-0.25]])
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - 1.0))
step = tf.Variable(0, trainable=False)
learning_rate = tf.train.exponential_decay(0.1, step * BATCH, 8, 0.5, staircase=True)
train = tf.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=step)

data = np.arange(8, dtype=np.float32).reshape(BATCH, 2) / 8.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(5):
        _, l, lr = sess.run([train, loss, learning_rate], feed_dict={x: data})
        print(i, l, lr)
    print(sess.run(w), sess.run(step))

# Train and save in one session, then restore in a second session and train on: the later
# session runs the initializer and restores every variable (a Saver() of all of them)
# before it runs anything else. TF1's second session starts from fresh state that the
# restore overwrites with what the first saved; in one TF2 program nothing changed the
# variables between the save and the restore. The sessions become one, the second
# initializer run goes, the Saver a tf.train.Checkpoint of the variables (Adam's slots
# are not in it: nothing here reads them back).
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.set_random_seed(4)
rng = np.random.RandomState(1)
train_x = rng.rand(20, 2).astype(np.float32)
train_y = (train_x @ np.array([[2.0], [-1.0]], np.float32) + 0.5).astype(np.float32)
model_path = os.path.join(tempfile.mkdtemp(), "model.ckpt")

x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable(tf.random_normal([2, 1], stddev=0.1), name="weight")
b = tf.Variable(tf.zeros([1]), name="bias")
pred = tf.matmul(x, w) + b
cost = tf.reduce_mean(tf.square(pred - y))
optimizer = tf.train.AdamOptimizer(0.1).minimize(cost)
init = tf.global_variables_initializer()
saver = tf.train.Saver()

print("first session")
with tf.Session() as sess:
    sess.run(init)
    for epoch in range(20):
        sess.run(optimizer, feed_dict={x: train_x, y: train_y})
    print("cost", round(float(sess.run(cost, feed_dict={x: train_x, y: train_y})), 5))
    save_path = saver.save(sess, model_path)
    print("saved", save_path == model_path)

print("second session")
with tf.Session() as sess:
    sess.run(init)
    saver.restore(sess, model_path)
    print("restored")
    for epoch in range(10):
        sess.run(optimizer, feed_dict={x: train_x, y: train_y})
    print("cost", round(float(sess.run(cost, feed_dict={x: train_x, y: train_y})), 5))
    print("w", np.round(sess.run(w), 4).tolist())

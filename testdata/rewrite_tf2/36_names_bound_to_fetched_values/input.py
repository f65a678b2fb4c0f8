# The block binds graph names to the values it fetched (`[[b]] = sess.run(b)`,
# `loss = float(l)`): from there on the names are plain Python values, in the block and
# after it, as they were in TF1.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None])
w = tf.Variable([[0.5]], name="w")
b = tf.Variable([[0.0]], name="b")
loss = tf.reduce_mean(tf.square(w[0, 0] * x + b[0, 0] - 2.0 * x))
step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
data = np.array([1.0, 2.0], np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        sess.run(step, {x: data})
    l = sess.run(loss, {x: data})
    [[b], [w]] = sess.run([b, w])
    loss = round(float(l), 5)
    ratio = b / w
    print("b", round(float(b), 5), "loss", loss)
print("ratio", round(float(ratio), 5), "w", np.round(w, 5))

# A graph built in its own tf.Graph() and run by a `with` session inside it.
import numpy as np
import tensorflow as tf

data = np.linspace(-1.0, 1.0, 8).astype(np.float32)

with tf.Graph().as_default():
    x = tf.placeholder(tf.float32, [None], name="x")
    a = tf.Variable(0.0, name="a")
    c = tf.Variable(1.0, name="c")
    loss = tf.reduce_mean(tf.square(a * x + c - (2.0 * x - 0.5)))
    opt = tf.train.AdamOptimizer(0.1)
    train = opt.minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(25):
            _, l = sess.run([train, loss], feed_dict={x: data})
        print("loss", round(float(l), 4))
        print("a, c", [round(float(t), 3) for t in sess.run([a, c])])
    print("graph done")
print("end")

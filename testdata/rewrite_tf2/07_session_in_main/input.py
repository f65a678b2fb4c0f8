# The TF1 script shape run by tf.app.run: flags at module level, graph and session in main.
import numpy as np
import tensorflow as tf

tf.app.flags.DEFINE_integer("steps", 4, "Training steps.")
FLAGS = tf.app.flags.FLAGS


def main(_):
    x = tf.placeholder(tf.float32, [None])
    w = tf.Variable(0.5, name="w")
    loss = tf.reduce_mean(tf.square(w * x - 2.0 * x))
    train = tf.train.MomentumOptimizer(0.1, momentum=0.9).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(FLAGS.steps):
            _, value = sess.run([train, loss], {x: np.array([1.0, 2.0], np.float32)})
            print(step, round(float(value), 5))
        print("w", round(float(sess.run(w)), 5))


if __name__ == "__main__":
    tf.app.run(main)

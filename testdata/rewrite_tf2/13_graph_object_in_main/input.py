# tf.app.run's main builds a named graph and runs it with an assigned session bound to it.
import numpy as np
import tensorflow as tf

tf.app.flags.DEFINE_integer("steps", 5, "Training steps.")
FLAGS = tf.app.flags.FLAGS


def main(_):
    g = tf.Graph()
    with g.as_default():
        tf.set_random_seed(7)
        x = tf.placeholder(tf.float32, [None, 3])
        w = tf.Variable(tf.random_normal([3, 1], seed=1), name="w")
        noise = tf.random_uniform([1], -0.01, 0.01, seed=2)
        pred = tf.matmul(x, w) + noise
        loss = tf.reduce_mean(tf.square(pred - 1.0))
        step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
        sess = tf.Session(graph=g)
        sess.run(tf.global_variables_initializer())
        batch = np.ones([4, 3], np.float32)
        for i in range(FLAGS.steps):
            _, value = sess.run([step, loss], {x: batch})
            print(i, round(float(value), 4))
        sess.close()
    print("trained")


if __name__ == "__main__":
    tf.app.run(main)

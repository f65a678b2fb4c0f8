# A graph built at module level, run in `main`, whose tensor another function reads too
# (`report` prints `loss`'s static shape): moving the graph into `main` would leave
# `report` without it, so the graph stays at module level and the session in a function is
# refused, naming the first module-level graph call.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 2])
w = tf.Variable(tf.ones([2, 1]))
loss = tf.reduce_sum(tf.matmul(x, w))


def report():
    print("loss of shape", loss.shape)


def main():
    report()
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(sess.run(loss, feed_dict={x: np.ones((3, 2), np.float32)}))


if __name__ == "__main__":
    main()

# tf.reset_default_graph() first thing in main(), the graph and session in main.
import numpy as np
import tensorflow as tf


def main():
    tf.reset_default_graph()
    a = tf.placeholder(tf.float32, [2])
    total = tf.Variable(0.0, name="total")
    add = tf.assign_add(total, tf.reduce_sum(a))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for k in range(3):
            sess.run(add, {a: np.array([k, 1.0], np.float32)})
        print("total", sess.run(total))


if __name__ == "__main__":
    main()

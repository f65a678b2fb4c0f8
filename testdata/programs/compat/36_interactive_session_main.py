# An InteractiveSession assigned in main, never closed: counters and moving averages by hand.
import numpy as np
import tensorflow as tf


def main():
    values = tf.placeholder(tf.float32, [None])
    seen = tf.Variable(0, trainable=False)
    average = tf.Variable(0.0, trainable=False)
    batch_mean = tf.reduce_mean(values)
    count = tf.assign_add(seen, 1)
    update = tf.assign(average, 0.8 * average + 0.2 * batch_mean)
    sess = tf.InteractiveSession()
    sess.run(tf.global_variables_initializer())
    for i, batch in enumerate([[1.0, 2.0], [4.0], [0.5, 0.5, 2.0]]):
        n, avg = sess.run([count, update], {values: np.array(batch, np.float32)})
        print(i, int(n), round(float(avg), 4))
    print("seen", int(sess.run(seen)), "average", round(float(sess.run(average)), 4))


if __name__ == "__main__":
    main()

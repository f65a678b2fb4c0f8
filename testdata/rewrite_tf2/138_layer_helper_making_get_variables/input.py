# A helper that makes its variables with get_variable in no scope (`w =
# tf.get_variable("w", [2, 4], initializer=...)`), called once: a tf.Module whose
# constructor makes each as the tf.Variable TF1 made (its initializer's value, TF1's name),
# a drawing initializer as the Keras one drawing the same distribution. (Called twice, TF1
# raised: the variable exists.)
import numpy as np
import tensorflow as tf


def model(x):
    w = tf.get_variable("w", [2, 4], initializer=tf.glorot_uniform_initializer())
    b = tf.get_variable("b", shape=[4], initializer=tf.zeros_initializer())
    v = tf.get_variable("v", [4, 1], dtype=tf.float32, initializer=tf.constant_initializer(0.25))
    return tf.matmul(tf.nn.relu(tf.matmul(x, w) + b), v)


def main():
    tf.set_random_seed(3)
    x = tf.placeholder(tf.float32, [None, 2])
    y = tf.placeholder(tf.float32, [None, 1])
    pred = model(x)
    loss = tf.reduce_mean(tf.square(pred - y))
    train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
    xs = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], dtype=np.float32)
    ys = np.array([[1.0], [1.0], [0.0]], dtype=np.float32)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(5):
            _, l = sess.run([train, loss], feed_dict={x: xs, y: ys})
            print(step, l)


if __name__ == "__main__":
    main()

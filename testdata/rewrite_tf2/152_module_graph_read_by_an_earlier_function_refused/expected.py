# A graph built at module level and run in `main`, read by a helper defined before it
# (`evaluate` runs `loss` with the session it is given): moving the graph into `main` would
# leave the helper without `loss` and `x`, so the graph stays and the session in a function
# is refused, naming the first module-level graph call.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()


def evaluate(sess, xs):
    return sess.run(loss, feed_dict={x: xs})


x = tf.compat.v1.placeholder(tf.float32, [None, 2])
w = tf.Variable(tf.ones([2, 1]))
loss = tf.reduce_sum(tf.matmul(x, w))


def main():
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        print(evaluate(sess, np.ones((3, 2), np.float32)))


if __name__ == "__main__":
    main()

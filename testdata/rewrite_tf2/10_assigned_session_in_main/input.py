# A compat.v1 session assigned in main (never closed), a step counter and two updates.
import numpy as np
import tensorflow as tf


def main():
    counter = tf.Variable(0, trainable=False, name="counter")
    x = tf.compat.v1.placeholder(tf.float32, [3])
    v = tf.Variable([1.0, 2.0, 3.0], name="v")
    scaled = v * x
    total = tf.reduce_sum(scaled)
    bump = tf.assign_add(counter, 1)
    shrink = tf.assign(v, v * 0.5)
    sess = tf.compat.v1.Session()
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        sess.run(bump)
        print(i, sess.run(total, {x: np.array([1.0, 0.0, 2.0], np.float32)}))
        sess.run(shrink)
    result = sess.run([counter, v])
    print("counter", int(result[0]), "v", result[1].tolist())
    return result


if __name__ == "__main__":
    main()

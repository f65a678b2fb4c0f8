# TF1: a unittest suite whose tests build graphs and run them in sessions. Run as
# `python test_file.py`, unittest.main() runs the three tests (one skipped).
import unittest

import numpy as np
import tensorflow as tf


class LinearTest(unittest.TestCase):
    def test_matmul(self):
        x = tf.placeholder(tf.float32, [None, 2])
        w = tf.constant([[1.0], [2.0]])
        y = tf.matmul(x, w)
        with tf.Session() as sess:
            out = sess.run(y, feed_dict={x: np.array([[1.0, 1.0], [2.0, 0.5]], np.float32)})
        np.testing.assert_allclose(out, [[3.0], [3.0]])

    def test_variable_update(self):
        v = tf.Variable(1.0, name="v")
        inc = tf.assign_add(v, 2.0)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            sess.run(inc)
            self.assertAlmostEqual(float(sess.run(v)), 3.0)

    @unittest.skip("needs a GPU")
    def test_gpu(self):
        pass


if __name__ == "__main__":
    unittest.main()

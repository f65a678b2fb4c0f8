# TF1: a test of per-variable learning-rate multipliers kept in a dict keyed by variables.
import unittest

import tensorflow as tf


class MultiplierTest(unittest.TestCase):
    def test_scaled_update(self):
        w = tf.Variable(1.0, name="w")
        b = tf.Variable(0.5, name="b")
        lr_mult = {w: 1.0, b: 0.1}
        updates = [v.assign_sub(0.1 * lr_mult[v]) for v in [w, b]]
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            new_w, new_b = sess.run(updates)
        self.assertAlmostEqual(float(new_w), 0.9, places=5)
        self.assertAlmostEqual(float(new_b), 0.49, places=5)

    def test_plain_update(self):
        v = tf.Variable(2.0, name="v")
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            self.assertAlmostEqual(float(sess.run(v.assign_add(1.0))), 3.0)


if __name__ == "__main__":
    unittest.main()

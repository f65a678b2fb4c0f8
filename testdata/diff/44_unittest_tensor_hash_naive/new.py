# TF2, naive: the same dict. TF2 variables are unhashable, so the test errors with
# "TypeError: Variable is unhashable" while the other test still passes.
import unittest

import tensorflow as tf


class MultiplierTest(unittest.TestCase):
    def test_scaled_update(self):
        w = tf.Variable(1.0, name="w")
        b = tf.Variable(0.5, name="b")
        lr_mult = {w: 1.0, b: 0.1}
        new_w, new_b = [v.assign_sub(0.1 * lr_mult[v]) for v in [w, b]]
        self.assertAlmostEqual(float(new_w.numpy()), 0.9, places=5)
        self.assertAlmostEqual(float(new_b.numpy()), 0.49, places=5)

    def test_plain_update(self):
        v = tf.Variable(2.0, name="v")
        self.assertAlmostEqual(float(v.assign_add(1.0).numpy()), 3.0)


if __name__ == "__main__":
    unittest.main()

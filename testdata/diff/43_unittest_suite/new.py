# TF2: the same tests without sessions: a tf.function for the fed graph, an eager variable.
import unittest

import numpy as np
import tensorflow as tf


class LinearTest(unittest.TestCase):
    def test_matmul(self):
        w = tf.constant([[1.0], [2.0]])

        @tf.function
        def y(x):
            return tf.matmul(x, w)

        out = y(np.array([[1.0, 1.0], [2.0, 0.5]], np.float32)).numpy()
        np.testing.assert_allclose(out, [[3.0], [3.0]])

    def test_variable_update(self):
        v = tf.Variable(1.0, name="v")
        v.assign_add(2.0)
        self.assertAlmostEqual(float(v.numpy()), 3.0)

    @unittest.skip("needs a GPU")
    def test_gpu(self):
        pass


if __name__ == "__main__":
    unittest.main()

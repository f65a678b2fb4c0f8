"""Graph-mode tests of a small function (tf.test.TestCase with eager execution off):
each session block runs values only, so each test becomes an eager test."""
import numpy as np
import tensorflow as tf


def scaled_sum(x, scale):
  return tf.reduce_sum(x) * scale


class ScaledSumTest(tf.test.TestCase):

  def test_session_run(self):
    x = tf.constant([1.0, 2.0, 3.0])
    result = self.evaluate(scaled_sum(x, 2.0))
    self.assertAllClose(12.0, result)

  def test_eval(self):
    y = scaled_sum(tf.constant([[1.0], [4.0]]), 0.5)
    # the value of y
    self.assertAllClose(2.5, self.evaluate(y))

  def test_initialized_variable(self):
    v = tf.Variable(np.ones([2, 3], np.float32))
    total = scaled_sum(v, 3.0)
    self.assertAllClose(18.0, self.evaluate(total))
    self.assertEqual((2, 3), self.evaluate(v).shape)

  def test_initializer_op_run(self):
    w = tf.Variable([[2.0, -1.0]])
    self.assertAllClose([[4.0, 1.0]], self.evaluate(tf.square(w)))

  def test_no_tensorflow(self):
    self.assertEqual(3, len([1, 2, 3]))


if __name__ == "__main__":
  tf.test.main()

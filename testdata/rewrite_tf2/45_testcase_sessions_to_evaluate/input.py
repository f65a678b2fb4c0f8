"""Graph-mode tests of a small function (tf.test.TestCase with eager execution off):
each session block runs values only, so each test becomes an eager test."""
import numpy as np
import tensorflow as tf


def setUpModule():
  tf.compat.v1.disable_eager_execution()


def scaled_sum(x, scale):
  return tf.reduce_sum(x) * scale


class ScaledSumTest(tf.test.TestCase):

  def test_session_run(self):
    x = tf.constant([1.0, 2.0, 3.0])
    with self.cached_session() as sess:
      result = sess.run(scaled_sum(x, 2.0))
    self.assertAllClose(12.0, result)

  def test_eval(self):
    with self.test_session():
      y = scaled_sum(tf.constant([[1.0], [4.0]]), 0.5)
      # the value of y
      self.assertAllClose(2.5, y.eval())

  def test_initialized_variable(self):
    v = tf.Variable(np.ones([2, 3], np.float32))
    total = scaled_sum(v, 3.0)
    with tf.compat.v1.Session() as sess:
      sess.run(tf.compat.v1.global_variables_initializer())
      self.assertAllClose(18.0, sess.run(total))
      self.assertEqual((2, 3), sess.run(v).shape)

  def test_initializer_op_run(self):
    with self.cached_session():
      w = tf.Variable([[2.0, -1.0]])
      tf.compat.v1.global_variables_initializer().run()
      self.assertAllClose([[4.0, 1.0]], tf.square(w).eval())

  def test_no_tensorflow(self):
    self.assertEqual(3, len([1, 2, 3]))


if __name__ == "__main__":
  tf.test.main()

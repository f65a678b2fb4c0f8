"""setUp makes the tensors every test uses; a test that feeds a placeholder keeps a graph
in TF2, where setUp's eager tensors cannot enter: it makes them again in its graph (setUp's
statements, without the super().setUp() call); the other tests become eager."""
import numpy as np
import tensorflow as tf


def setUpModule():
  tf.compat.v1.disable_eager_execution()


class ScaledDifferenceTest(tf.test.TestCase):

  def setUp(self):
    super(ScaledDifferenceTest, self).setUp()
    # predictions and labels of two examples
    self._predictions = tf.constant([4.0, 8.0, 12.0, 8.0, 1.0, 3.0], shape=(2, 3))
    self._labels = tf.constant([1.0, 9.0, 2.0, -5.0, -2.0, 6.0], shape=(2, 3))
    self._scale = np.float32(0.5)

  def testDifference(self):
    diff = tf.reduce_sum(tf.abs(self._predictions - self._labels)) * self._scale
    with self.cached_session():
      self.assertAlmostEqual(16.5, diff.eval(), 3)

  def testWeightedWithPlaceholder(self):
    weights = tf.compat.v1.placeholder(tf.float32, shape=[2, 1])
    diff = tf.reduce_sum(weights * tf.abs(self._predictions - self._labels)) * self._scale
    with self.cached_session() as sess:
      self.assertAlmostEqual(4.8, sess.run(diff, {weights: [[0.0], [1.0]]}), 3)
      self.assertAlmostEqual(3.3, sess.run(diff, {weights: [[0.5], [0.0]]}), 3)


if __name__ == "__main__":
  tf.test.main()

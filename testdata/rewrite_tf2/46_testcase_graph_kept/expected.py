"""Graph-mode tests that check the graph itself (op names, collections, name scopes,
a variable updated between runs): they keep a graph of their own in TF2; the test
that only computes values becomes eager."""
import tensorflow as tf


def clipped(x, name=None):
  with tf.name_scope(name or "clipped"):
    return tf.clip_by_value(x, 0.0, 1.0, name="value")


class ClippedTest(tf.test.TestCase):

  def test_op_name(self):
    """The op is named after its scope."""
    with tf.Graph().as_default():
      tf.random.set_seed(87654321)  # the seed tf.test.TestCase gives a test's graph
      y = clipped(tf.constant([-1.0, 0.5, 2.0]), name="clip")
      self.assertEqual("clip/value", y.op.name)
      with self.cached_session():
        self.assertAllClose([0.0, 0.5, 1.0], y.eval())

  def test_collection(self):
    with tf.Graph().as_default():
      tf.random.set_seed(87654321)  # the seed tf.test.TestCase gives a test's graph
      y = clipped(tf.constant([3.0]))
      tf.compat.v1.add_to_collection("outputs", y)
      self.assertEqual([y], tf.compat.v1.get_collection("outputs"))

  def test_updated_between_runs(self):
    with tf.Graph().as_default():
      tf.random.set_seed(87654321)  # the seed tf.test.TestCase gives a test's graph
      v = tf.Variable([0.5, 2.0])
      y = clipped(v)
      with self.session() as sess:
        sess.run(v.initializer)
        self.assertAllClose([0.5, 1.0], sess.run(y))
        sess.run(v.assign([-2.0, 0.25]))
        self.assertAllClose([0.0, 0.25], sess.run(y))

  def test_value(self):
    self.assertAllClose([1.0, 0.0], self.evaluate(clipped(tf.constant([7.0, -7.0]))))


if __name__ == "__main__":
  tf.test.main()

# TF1: a tf.test.TestCase file; in TF1 the tests build graphs and evaluate them in the
# test's cached session. tf.test.main() runs them (and skips TensorFlow's test_session).
import tensorflow as tf


class NormTest(tf.test.TestCase):
    def test_l2_normalize(self):
        x = tf.nn.l2_normalize(tf.constant([3.0, 4.0]), 0)
        with self.cached_session() as sess:
            self.assertAllClose(sess.run(x), [0.6, 0.8])

    def test_reduce_mean(self):
        m = tf.reduce_mean(tf.constant([[1.0, 2.0], [3.0, 4.0]]), axis=1)
        self.assertAllClose(self.evaluate(m), [1.5, 3.5])


if __name__ == "__main__":
    tf.test.main()

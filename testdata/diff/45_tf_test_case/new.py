# TF2: the same tests, eagerly: no session, self.evaluate on eager tensors.
import tensorflow as tf


class NormTest(tf.test.TestCase):
    def test_l2_normalize(self):
        x = tf.math.l2_normalize(tf.constant([3.0, 4.0]), 0)
        self.assertAllClose(self.evaluate(x), [0.6, 0.8])

    def test_reduce_mean(self):
        m = tf.reduce_mean(tf.constant([[1.0, 2.0], [3.0, 4.0]]), axis=1)
        self.assertAllClose(self.evaluate(m), [1.5, 3.5])


if __name__ == "__main__":
    tf.test.main()

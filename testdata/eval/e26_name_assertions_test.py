"""A graph-construction unit test pinned to generated names."""
import tensorflow as tf


class BuildTest(tf.test.TestCase):
    def test_logits_name(self):
        with tf.Graph().as_default():
            x = tf.compat.v1.placeholder(tf.float32, [None, 4])
            out = tf.compat.v1.layers.dense(x, 2, name="dense")
            self.assertEqual(out.name, "dense/BiasAdd:0")  # expect: TFM501
            self.assertTrue(out.op.name.endswith("BiasAdd"))  # expect: TFM501

    def test_shapes(self):
        with tf.Graph().as_default():
            x = tf.compat.v1.placeholder(tf.float32, [None, 4])
            out = tf.compat.v1.layers.dense(x, 2)
            self.assertEqual(out.shape.as_list(), [None, 2])


if __name__ == "__main__":
    tf.test.main()

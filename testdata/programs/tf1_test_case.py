# modes: tf1
# tf.test.TestCase run by tf.test.main() in TF1 mode, as TensorFlow's own and tf-slim's tests
# are written: self.session() / cached_session() / test_session() with their graphs and
# default sessions, self.evaluate, the assertions with TensorFlow's tolerances
# (assertAllClose, assertAllCloseAccordingToType, assertAllEqual, assertShapeEqual,
# assertNear, assertArrayNear, assertNDArrayNear, assertAllGreater/Less, assertAllInRange,
# assertNotAllClose, assertDTypeEqual, assertRaisesOpError), setUp's default graph seed and
# fresh graph per test, get_temp_dir, and failing tests reported as failures.
import os

import numpy as np
import tensorflow as tf


class MathTest(tf.test.TestCase):

    def setUp(self):
        super().setUp()
        self.base = tf.constant([1.0, 2.0, 3.0])

    def testSession(self):
        with self.session() as sess:
            self.assertIs(sess.graph, tf.get_default_graph())
            self.assertIs(tf.get_default_session(), sess)
            y = self.base * 2.0
            print("session", sess.run(y), y.eval())
            self.assertAllClose(sess.run(y), [2.0, 4.0, 6.0])
            self.assertAllClose(y, [2.0, 4.0, 6.0 + 1e-7])
            self.assertAllEqual(tf.shape(y), [3])

    def testCachedSession(self):
        with self.cached_session() as s1:
            v = tf.Variable(5.0)
            s1.run(tf.global_variables_initializer())
            s1.run(v.assign_add(1.0))
        with self.cached_session() as s2:
            print("same cached session", s1 is s2, s2.run(v))
        with self.test_session() as s3:
            print("test_session is cached", s3 is s1)

    def testEvaluate(self):
        x = tf.placeholder(tf.float32, [1, 2])
        out = self.evaluate({"a": self.base + 1.0, "b": [tf.constant(3), tf.constant("s")]})
        print("evaluate", out["a"], out["b"])
        with self.cached_session() as sess:
            r = sess.run(x * 2.0, {x: [[1.0, 2.0]]})
            self.assertShapeEqual(r, x)
            self.assertShapeEqual(np.zeros([1, 2]), x * 2.0)

    def testTolerances(self):
        self.assertAllClose(1.0, 1.0 + 5e-7)
        self.assertAllClose({"k": [1.0, 2.0]}, {"k": np.array([1.0, 2.0 + 1e-6])})
        self.assertAllCloseAccordingToType(np.float16(1.0), np.float16(1.0009765))
        self.assertAllCloseAccordingToType(np.float32(1.0), np.float32(1.0 + 9e-7))
        self.assertNotAllClose([1.0, 2.0], [1.0, 2.001])
        self.assertNear(1.0, 1.05, 0.1)
        self.assertArrayNear([1.0, 2.0], [1.01, 1.99], 0.02)
        self.assertNDArrayNear(np.ones([2, 2]), np.ones([2, 2]) + 0.001, 0.01)
        self.assertAllGreater([2, 3], 1)
        self.assertAllLess(tf.constant([2, 3]), 4)
        self.assertAllGreaterEqual([1, 2], 1)
        self.assertAllLessEqual([1, 2], 2)
        self.assertAllInRange([0.5, 1.0], 0.0, 1.0)
        self.assertDTypeEqual(np.zeros(2, np.float32), np.float32)
        self.assertAllEqual([b"a", b"b"], tf.constant(["a", "b"]))
        with self.assertRaises(AssertionError):
            self.assertAllClose([1.0, 2.0], [1.0, 2.1])
        with self.assertRaises(AssertionError):
            self.assertAllEqual([1, 2], [1, 2, 3])
        with self.assertRaises(AssertionError):
            self.assertAllInRange([0.0, 1.0], 0.0, 1.0, open_upper_bound=True)
        with self.assertRaises(AssertionError):
            self.assertNear(1.0, 1.2, 0.1)

    def testOpError(self):
        x = tf.placeholder(tf.float32)
        with self.session() as sess:
            with self.assertRaisesOpError("You must feed a value for placeholder"):
                sess.run(x + 1.0)
            with self.assertRaisesRegex(tf.errors.InvalidArgumentError, "placeholder"):
                sess.run(x)

    def testFreshGraphAndSeed(self):
        g = tf.get_default_graph()
        print("ops in a fresh test graph", [op.name for op in g.get_operations()], g.seed)
        with self.session() as sess:
            print("seeded", sess.run(tf.random_uniform([2], seed=1)).round(4).tolist())

    def testTempDir(self):
        d = self.get_temp_dir()
        self.assertTrue(os.path.isdir(d))

    def testFailing(self):
        self.assertAllEqual([1, 2], [1, 3])


class OtherTest(tf.test.TestCase):

    def test_b_runs_second(self):
        self.assertEqual(tf.constant(1).dtype, tf.int32)

    def test_a_runs_first(self):
        outer = tf.get_default_graph()
        with self.session(graph=tf.Graph()) as sess:
            self.assertIs(sess.graph, tf.get_default_graph())
            self.assertIsNot(sess.graph, outer)
            print("own graph", sess.run(tf.constant(7)))


if __name__ == "__main__":
    tf.test.main()

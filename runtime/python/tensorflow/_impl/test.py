"""tf.test: TestCase (TensorFlow's TensorFlowTestCase: sessions for graph-mode tests,
`evaluate`, the array assertions with TensorFlow's default tolerances) and `main`, which
runs the `__main__` module's tests with unittest and exits with its verdict (TensorFlow
runs them through absltest, whose result class is unittest's).

What TensorFlow's fixture does around each test and programs can observe: setUp seeds
Python's and NumPy's generators and the new default graph with 87654321
(random_seed.DEFAULT_GRAPH_SEED), a test named `test_session` is skipped ("Not a test."),
and the cached session is closed in tearDown."""
import collections.abc
import contextlib
import math
import random
import re
import sys
import tempfile
import unittest

import numpy as np

from . import core, nest, random_seed, session as session_lib

DEFAULT_GRAPH_SEED = 87654321
_temp_root = []


def _temp_dir():
    if not _temp_root:
        _temp_root.append(tempfile.mkdtemp(prefix="tfmigrate_test_"))
    return _temp_root[0]


def _is_graph_tensor(x):
    return isinstance(x, (core.Tensor, core.Operation)) and not isinstance(x, core.EagerTensor) \
        or hasattr(x, "_as_graph_element") and not core.executing_eagerly()


def _is_tensor(x):
    return isinstance(x, core.Tensor) or hasattr(x, "_as_graph_element")


def _shape_list(x):
    if isinstance(x, core.Tensor):
        return x.get_shape().as_list()
    return list(np.shape(x))


class TestCase(unittest.TestCase):
    """tf.test.TestCase."""

    def __init__(self, methodName="runTest"):
        super().__init__(methodName)
        self._cached_session = None
        self._tempdir = None

    # ------------------------------------------------------------------ fixture
    def setUp(self):
        super().setUp()
        self._clear_cached_session()
        random.seed(DEFAULT_GRAPH_SEED)
        np.random.seed(DEFAULT_GRAPH_SEED)
        core.reset_default_graph()
        random_seed.set_seed(DEFAULT_GRAPH_SEED)
        if self.id().endswith(".test_session"):
            self.skipTest("Not a test.")

    def tearDown(self):
        self._clear_cached_session()
        super().tearDown()

    def _clear_cached_session(self):
        if self._cached_session is not None:
            self._cached_session.close()
            self._cached_session = None

    def get_temp_dir(self):
        if not self._tempdir:
            self._tempdir = tempfile.mkdtemp(dir=_temp_dir())
        return self._tempdir

    # ------------------------------------------------------------------ sessions
    @contextlib.contextmanager
    def _as_default(self, sess):
        with sess.graph.as_default(), sess.as_default():
            yield sess

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        if core.executing_eagerly():
            yield None
            return
        sess = session_lib.Session(graph=graph or core.get_default_graph(), config=config)
        with sess, self._as_default(sess):
            yield sess

    def _get_cached_session(self, graph, config):
        if self._cached_session is None:
            self._cached_session = session_lib.Session(graph=graph or core.get_default_graph(), config=config)
        elif graph is not None and self._cached_session.graph is not graph:
            raise ValueError("The graph used to get the cached session is different than the one that was "
                             "used to create the session. Maybe create a new session with self.session()")
        return self._cached_session

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        if core.executing_eagerly():
            yield None
            return
        with self._as_default(self._get_cached_session(graph, config)) as sess:
            yield sess

    @contextlib.contextmanager
    def test_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        if self.id().endswith(".test_session"):
            self.skipTest("Not a test.")
        if core.executing_eagerly():
            yield None
        elif graph is None:
            with self._as_default(self._get_cached_session(None, config)) as sess:
                yield sess
        else:
            with self.session(graph, config) as sess:
                yield sess

    def evaluate(self, tensors):
        if core.executing_eagerly():
            return nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, tensors)
        flat = nest.flatten(tensors)
        sess = core.get_default_session()
        if sess is None:
            with self.test_session() as sess:
                values = sess.run(flat)
        else:
            values = sess.run(flat)
        return nest.pack_sequence_as(tensors, values)

    # ------------------------------------------------------------------ values
    def _both(self, a, b):
        """Two graph tensors are evaluated in one run, as TensorFlow does."""
        if _is_graph_tensor(a) and _is_graph_tensor(b):
            return self.evaluate((a, b))
        return a, b

    def _GetNdArray(self, a):
        if _is_tensor(a):
            a = a.numpy() if isinstance(a, core.EagerTensor) else self.evaluate(a)
        return a if isinstance(a, np.ndarray) else np.array(a)

    # ------------------------------------------------------------------ closeness
    def _array_close(self, a, b, rtol, atol, msg):
        a, b = self._both(a, b)
        a, b = self._GetNdArray(a), self._GetNdArray(b)
        detail = " with contents %s" % (b,) if b.ndim <= 3 or b.size < 500 else ""
        self.assertEqual(a.shape, b.shape, "Shape mismatch: expected %s, got %s%s." % (a.shape, b.shape, detail))
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return
        bad = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b), np.isnan(a) != np.isnan(b))
        lines = [msg]
        if a.ndim:
            where = np.where(bad)
            lines.append("not close where = {}".format(where))
            x, y = a[where], b[where]
        else:
            x, y = a, b
        lines += ["not close lhs = {}".format(x), "not close rhs = {}".format(y),
                  "not close dif = {}".format(np.abs(x - y)), "not close tol = {}".format(atol + rtol * np.abs(y)),
                  "dtype = {}, shape = {}".format(a.dtype, a.shape)]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(str(m) for m in lines),
                                   equal_nan=True)

    def _close_nested(self, a, b, rtol, atol, path, msg):
        where = "".join("[%s]" % p for p in path)
        msg = msg or ""
        a = a._asdict() if hasattr(a, "_asdict") else a
        b = b._asdict() if hasattr(b, "_asdict") else b
        a_dict = isinstance(a, collections.abc.Mapping)
        if a_dict != isinstance(b, collections.abc.Mapping):
            raise ValueError("Can't compare dict to non-dict, a%s vs b%s. %s" % (where, where, msg))
        if a_dict:
            self.assertCountEqual(a.keys(), b.keys(), msg="mismatched keys: a%s has keys %s, but b%s has keys %s. %s"
                                  % (where, a.keys(), where, b.keys(), msg))
            for k in a:
                self._close_nested(a[k], b[k], rtol, atol, path + [k], msg)
            return
        if isinstance(a, (list, tuple)):
            try:
                a2, b2 = self._both(a, b)
                self._array_close(self._GetNdArray(a2), self._GetNdArray(b2), rtol, atol,
                                  "Mismatched value: a%s is different from b%s. %s" % (where, where, msg))
                return
            except (ValueError, TypeError, NotImplementedError):
                if len(a) != len(b):
                    raise ValueError("Mismatched length: a%s has %d items, but b%s has %d items. %s"
                                     % (where, len(a), where, len(b), msg)) from None
                for i, (x, y) in enumerate(zip(a, b)):
                    self._close_nested(x, y, rtol, atol, path + [str(i)], msg)
                return
        try:
            self._array_close(a, b, rtol, atol, "Mismatched value: a%s is different from b%s. %s" % (where, where, msg))
        except TypeError as e:
            raise TypeError("Error: a%s has %s, but b%s has %s. %s" % (where, type(a), where, type(b), msg)) from e

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        if a is b:
            return
        self._close_nested(a, b, rtol, atol, [], msg)

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6, float_atol=1e-6,
                                      half_rtol=1e-3, half_atol=1e-3, bfloat16_rtol=1e-2, bfloat16_atol=1e-2,
                                      msg=None):
        a, b = self._both(a, b)
        a, b = self._GetNdArray(a), self._GetNdArray(b)
        kinds = {a.dtype, b.dtype}
        if kinds & {np.dtype(np.float32), np.dtype(np.complex64)}:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        if np.dtype(np.float16) in kinds:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)
        except AssertionError:
            return
        raise AssertionError("The two values are close at all elements. %s" % (msg or ""))

    def assertNear(self, f1, f2, err, msg=None):
        self.assertTrue(f1 == f2 or math.fabs(f1 - f2) <= err,
                        "%f != %f +/- %f%s" % (f1, f2, err, " (%s)" % msg if msg is not None else ""))

    def assertArrayNear(self, farray1, farray2, err, msg=None):
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertNDArrayNear(self, ndarray1, ndarray2, err, msg=None):
        self.assertTrue(np.linalg.norm(ndarray1 - ndarray2) < err, msg=msg)

    # ------------------------------------------------------------------ equality and ranges
    def assertAllEqual(self, a, b, msg=None):
        msg = msg or ""
        a, b = self._both(a, b)
        a, b = self._GetNdArray(a), self._GetNdArray(b)
        contents = " Contents: %r. \n%s." % (b, msg) if b.ndim <= 3 or b.size < 500 else " %s" % msg
        self.assertEqual(a.shape, b.shape, "Shape mismatch: expected %s, got %s.%s" % (a.shape, b.shape, contents))
        same = a == b
        if a.dtype.kind == "f":
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        if np.all(same):
            return
        lines = [msg]
        if a.ndim:
            where = np.where(np.logical_not(same))
            lines.append("not equal where = {}".format(where))
            x, y = a[where], b[where]
        else:
            x, y = a, b
        lines += ["not equal lhs = %r" % (x,), "not equal rhs = %r" % (y,)]
        np.testing.assert_array_equal(a, b, err_msg="\n".join(lines))

    def assertNotAllEqual(self, a, b, msg=None):
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError("The two values are equal at all elements. %s" % (msg or ""))

    def assertShapeEqual(self, input_a, input_b, msg=None):
        for name, x in (("input_a", input_a), ("input_b", input_b)):
            if not isinstance(x, (np.ndarray, np.generic, core.Tensor)):
                raise TypeError("%s must be a Numpy ndarray, Numpy scalar, or a Tensor.Instead received %s"
                                % (name, type(x)))
        self.assertAllEqual(_shape_list(input_a), _shape_list(input_b), msg=msg)

    def assertAllGreater(self, a, comparison_target):
        self.assertGreater(np.min(self._GetNdArray(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):
        self.assertLess(np.max(self._GetNdArray(a)), comparison_target)

    def assertAllGreaterEqual(self, a, comparison_target):
        self.assertGreaterEqual(np.min(self._GetNdArray(a)), comparison_target)

    def assertAllLessEqual(self, a, comparison_target):
        self.assertLessEqual(np.max(self._GetNdArray(a)), comparison_target)

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False, open_upper_bound=False):
        target = self._GetNdArray(target)
        if not (np.issubdtype(target.dtype, np.floating) or np.issubdtype(target.dtype, np.integer)):
            raise AssertionError("The value of %s does not have an ordered numeric type, instead it has type: %s"
                                 % (target, target.dtype))
        low = target <= lower_bound if open_lower_bound else target < lower_bound
        high = target >= upper_bound if open_upper_bound else target > upper_bound
        out = np.logical_or(low, high)
        if np.any(out):
            raise AssertionError("%d of the %d element(s) are outside the range %s. Subscript(s) and value(s) of "
                                 "the offending elements:\n%s" % (
                                     int(np.sum(out)), target.size,
                                     ("(" if open_lower_bound else "[") + "%s, %s" % (lower_bound, upper_bound)
                                     + (")" if open_upper_bound else "]"),
                                     "\n".join("  %s: %s" % (i, target[i]) for i in zip(*np.where(out)))))

    def assertAllInSet(self, target, expected_set):
        target = self._GetNdArray(target)
        diff = np.setdiff1d(target.flatten().tolist(), list(expected_set))
        if np.size(diff):
            raise AssertionError("%d unique element(s) are not in the set %s: %s" % (np.size(diff), expected_set, diff))

    def assertDTypeEqual(self, target, expected_dtype):
        target = self._GetNdArray(target)
        for arr in target if isinstance(target, list) else [target]:
            self.assertEqual(arr.dtype, expected_dtype)

    def assertStartsWith(self, actual, expected_start, msg=None):
        if not actual.startswith(expected_start):
            fail = "%r does not start with %r" % (actual, expected_start)
            self.fail(fail + (" : %r" % msg if msg else ""))

    def assertItemsEqual(self, *a, **k):
        return self.assertCountEqual(*a, **k)

    # ------------------------------------------------------------------ errors
    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):
        if callable(expected_err_re_or_predicate):
            predicate = expected_err_re_or_predicate
        else:
            def predicate(e):
                text = e.message if isinstance(e, core.OpError) else str(e)
                return re.search(expected_err_re_or_predicate, text)
        try:
            yield
            self.fail(exception_type.__name__ + " not raised")
        except Exception as e:  # noqa: BLE001 - TensorFlow's check: any other exception fails the assertion
            if not isinstance(e, exception_type) or not predicate(e):
                raise AssertionError("Exception of type %s: %s" % (str(type(e)), str(e))) from None

    def assertRaisesOpError(self, expected_err_re_or_predicate):
        return self.assertRaisesWithPredicateMatch(core.OpError, expected_err_re_or_predicate)


class _Result(unittest.TextTestResult):
    """Keeps the first test error that is a TensorFlow API the bundled runtime lacks."""
    unsupported = None

    def addError(self, test, err):
        if _Result.unsupported is None and isinstance(err[1], (core.UnsupportedSymbolError,
                                                                core.UnsupportedModuleError)):
            _Result.unsupported = err[1]
        super().addError(test, err)


def main(argv=None):
    """tf.test.main: runs the tests of `__main__` and exits with unittest's verdict. A test
    that stopped on an API the bundled runtime lacks makes the run end as any program that
    reaches one does ("not yet in the bundled runtime: SYMBOL", exit 3), not as a failed test."""
    args = [sys.argv[0]] if argv is None else list(argv[:1])
    prog = unittest.main(module="__main__", argv=args, exit=False,
                         testRunner=unittest.TextTestRunner(resultclass=_Result))
    if _Result.unsupported is not None:
        raise _Result.unsupported
    sys.exit(not prog.result.wasSuccessful())


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    return False


def is_built_with_cuda():
    return False


def is_built_with_gpu_support():
    return False


def is_built_with_rocm():
    return False


def gpu_device_name():
    return ""


def get_temp_dir():
    return _temp_dir()

"""Op-level harness: every op case runs in eager mode, in a Graph + Session and inside a
tf.function, and the three results must be identical (same dtype, shape and bits; errors
of the same type). Kernels never know the mode, so the same kernel runs on the same input
in all three: no tolerance applies (docs/tolerance.md), and a disagreement is a driver bug.
Run by CTest as runtime_op_harness (PYTHONPATH = facade + extension)."""
import os
import sys

os.environ["TFMIGRATE_TF_MODE"] = "tf2"
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow._impl import core  # noqa: E402

A = np.array([[1.0, -2.0], [3.0, 4.0]], dtype=np.float32)
B = np.array([0.5, 2.0], dtype=np.float32)
I = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
CASES = {
    "AddV2": (lambda a, b: a + b, [A, B]),
    "Sub": (lambda a, b: a - b, [A, B]),
    "Mul": (lambda a, b: a * b, [A, B]),
    "RealDiv": (lambda a, b: a / b, [A, B]),
    "FloorDiv": (lambda a: a // 4, [I]),
    "FloorMod": (lambda a: a % 4, [I]),
    "Pow": (lambda a: a ** 2, [A]),
    "Maximum": (lambda a, b: tf.maximum(a, b), [A, B]),
    "Minimum": (lambda a, b: tf.minimum(a, b), [A, B]),
    "SquaredDifference": (lambda a, b: tf.math.squared_difference(a, b), [A, B]),
    "Neg": (lambda a: -a, [A]),
    "Abs": (lambda a: tf.abs(a), [A]),
    "Square": (lambda a: tf.square(a), [A]),
    "Sqrt": (lambda a: tf.sqrt(tf.abs(a)), [A]),
    "Exp": (lambda a: tf.exp(a), [A]),
    "Log": (lambda a: tf.math.log(tf.abs(a)), [A]),
    "Relu": (lambda a: tf.nn.relu(a), [A]),
    "Sigmoid": (lambda a: tf.nn.sigmoid(a), [A]),
    "Tanh": (lambda a: tf.nn.tanh(a), [A]),
    "Lgamma": (lambda a: tf.math.lgamma(a), [A]),
    "Digamma": (lambda a: tf.math.digamma(tf.abs(a)), [A]),
    "Erf": (lambda a: tf.math.erf(a), [A]),
    "Polygamma": (lambda a: tf.math.polygamma(tf.constant(1.0), tf.abs(a)), [A]),
    "StringToNumber": (lambda: tf.strings.to_number(["1.5", " -2 "]), []),
    "Softmax": (lambda a: tf.nn.softmax(a), [A]),
    "LogSoftmax": (lambda a: tf.nn.log_softmax(a), [A]),
    "MatMul": (lambda a: tf.matmul(a, a, transpose_b=True), [A]),
    "Sum": (lambda a: tf.reduce_sum(a, axis=0), [A]),
    "Mean": (lambda a: tf.reduce_mean(a, axis=1, keepdims=True), [A]),
    "Max": (lambda a: tf.reduce_max(a), [A]),
    "Min": (lambda a: tf.reduce_min(a, axis=[0, 1]), [A]),
    "Prod": (lambda a: tf.reduce_prod(a, axis=1), [I]),
    "ArgMax": (lambda a: tf.argmax(a, axis=1), [A]),
    "ArgMin": (lambda a: tf.argmin(a, axis=0), [A]),
    "Equal": (lambda a, b: tf.equal(a, b), [A, B]),
    "Less": (lambda a, b: a < b, [A, B]),
    "LogicalAnd": (lambda a: tf.logical_and(a > 0, a < 4), [A]),
    "Cast": (lambda a: tf.cast(a, tf.int32), [A]),
    "Reshape": (lambda a: tf.reshape(a, [-1]), [I]),
    "Transpose": (lambda a: tf.transpose(a), [I]),
    "ConcatV2": (lambda a: tf.concat([a, a], axis=1), [I]),
    "Pack": (lambda a, b: tf.stack([b, b, b]), [A, B]),
    "Unpack": (lambda a: tf.unstack(a)[1], [I]),
    "ExpandDims": (lambda a: tf.expand_dims(a, 1), [B]),
    "Squeeze": (lambda a: tf.squeeze(tf.reshape(a, [1, 4, 1])), [A]),
    "Shape": (lambda a: tf.shape(a), [I]),
    "Size": (lambda a: tf.size(a), [I]),
    "Fill": (lambda: tf.fill([2, 3], 7), []),
    "ZerosLike": (lambda a: tf.zeros_like(a), [I]),
    "OnesLike": (lambda a: tf.ones_like(a), [A]),
    "Range": (lambda: tf.range(2, 11, 3), []),
    "SelectV2": (lambda a: tf.where(a > 0, a, tf.zeros_like(a)), [A]),
    "BroadcastTo": (lambda a: tf.broadcast_to(a, [3, 2]), [B]),
    "Tile": (lambda a: tf.tile(a, [2, 1]), [I]),
    "GatherV2": (lambda a: tf.gather(a, [1, 0, 1]), [I]),
    "OneHot": (lambda: tf.one_hot([2, 0], 3), []),
    "StridedSlice": (lambda a: a[:, ::-1][0], [I]),
    "L2Loss": (lambda a: tf.nn.l2_loss(a), [A]),
    "SoftmaxCrossEntropyWithLogits": (lambda a: tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0], [1.0, 0.0]], logits=a), [A]),
    "SparseSoftmaxCrossEntropyWithLogits": (lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0], logits=a), [A]),
    "IncompatibleShapes": (lambda a, b: a + b, [A, np.ones([3], np.float32)]),
    "MatMulMismatch": (lambda a: tf.matmul(a, tf.ones([3, 3])), [A]),
}
# kernels_array_extra.cc (reverse, roll, segments, linspace, cumprod, unique, ...)
CASES.update({
    "ReverseV2": (lambda a: tf.reverse(a, [0, 1]), [A]),
    "Roll": (lambda a: tf.roll(a, [1, -1], [0, 1]), [I]),
    "SegmentSum": (lambda a: tf.math.segment_sum(a, [0, 2]), [A]),
    "SegmentMax": (lambda a: tf.math.segment_max(a, [0, 0]), [A]),
    "UnsortedSegmentSum": (lambda a: tf.math.unsorted_segment_sum(a, [1, -1], 3), [A]),
    "LinSpace": (lambda a: tf.linspace(a[0, 0], a[1, 1], 4), [A]),
    "Cumprod": (lambda a: tf.math.cumprod(a, axis=1, exclusive=True), [A]),
    "Unique": (lambda a: tf.unique(tf.reshape(a % 3, [-1])).y, [I]),
    "Bincount": (lambda a: tf.math.bincount(tf.reshape(a, [-1]), minlength=8), [I]),
    "UpperBound": (lambda a, b: tf.searchsorted(a[1], b, side="right"), [A, B]),
    "TensorScatterUpdate": (lambda a: tf.tensor_scatter_nd_update(a, [[1, 0]], [7.0]), [A]),
    "TensorScatterAdd": (lambda a: tf.tensor_scatter_nd_add(a, [[0]], [[1.0, 1.0]]), [A]),
    "HistogramFixedWidth": (lambda a: tf.histogram_fixed_width(a, [-2.0, 4.0], nbins=3), [A]),
    "InTopKV2": (lambda a: tf.math.in_top_k([1, 0], a, 1), [A]),
    "Atan2": (lambda a, b: tf.math.atan2(a, b), [A, B]),
    "TruncateDiv": (lambda a: tf.truncatediv(-a, 4), [I]),
    "Rint": (lambda a: tf.math.rint(a * 0.75), [A]),
    "Expm1": (lambda a: tf.math.expm1(a), [A]),
    "Selu": (lambda a: tf.nn.selu(a), [A]),
    "Relu6": (lambda a: tf.nn.relu6(a * 2.0), [A]),
})


def outcome(fn):
    try:
        r = fn()
        return ("ok", np.asarray(r))
    except (core.OpError, ValueError, TypeError) as e:   # graph construction reports ValueError
        return ("error", type(e).__name__)


def eager(fn, args):
    return outcome(lambda: fn(*[tf.constant(a) for a in args]).numpy())


def graph(fn, args):
    def run():
        g = tf.Graph()
        with g.as_default():
            phs = [tf.compat.v1.placeholder(tf.as_dtype(a.dtype), a.shape) for a in args]
            out = fn(*phs)
            sess = tf.compat.v1.Session(graph=g)
            return sess.run(out, {p: a for p, a in zip(phs, args)})
    return outcome(run)


def function(fn, args):
    return outcome(lambda: tf.function(fn)(*[tf.constant(a) for a in args]).numpy())


def same(x, y):
    if x[0] != y[0]:
        return x[0] == "error" and y[0] == "error"
    if x[0] == "error":
        return True
    a, b = x[1], y[1]
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")


def main():
    failures = 0
    for name, (fn, args) in CASES.items():
        e, g, f = eager(fn, args), graph(fn, args), function(fn, args)
        ok = same(e, g) and same(e, f)
        if name in ("IncompatibleShapes", "MatMulMismatch"):
            ok = ok and e[0] == "error"
        else:
            ok = ok and e[0] == "ok"
        print("%-40s %s" % (name, "ok" if ok else "MISMATCH eager=%r graph=%r function=%r" % (e, g, f)))
        failures += not ok
    print("%d op cases, %d mismatches" % (len(CASES), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Op-level harness: every op case runs in eager mode, in a Graph + Session and inside a
tf.function, and the three results must be identical (same dtype, shape and bits; errors
of the same type). Kernels never know the mode, so the same kernel runs on the same input
in all three: no tolerance applies (docs/tolerance.md), and a disagreement is a driver bug.

Every op of the runtime's op table (_tfrt.registered_ops()) has a case, keyed by the op's
name, and the case must build or run that op in some mode (Built records the op types);
ops only graph files bring are covered by a graph-run golden (GRAPH_GOLDENS). A
registered op without a case fails the run ("NO CASE").
Run by CTest as runtime_op_harness (PYTHONPATH = facade + extension)."""
import json
import os
import sys

os.environ["TFMIGRATE_TF_MODE"] = "tf2"
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow._impl import core, script_ops  # noqa: E402

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
# kernels_array.cc (reverse, roll, linspace, unique, ...), kernels_segment.cc, kernels_cwise.cc
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
    "Softsign": (lambda a: tf.nn.softsign(a), [A]),
    "Slice": (lambda a: tf.slice(a, [0, 1], [-1, 1]), [A]),
    "Cross": (lambda a, b: tf.linalg.cross(a, b), [np.array([[1.0, -2.0, 0.5], [3.0, 4.0, -1.0]], dtype=np.float32),
                                                   np.array([[0.5, 2.0, 1.0], [-1.0, 0.0, 2.0]], dtype=np.float32)]),
})


def raw(op, inputs, name=None, **attrs):
    """The op itself, as tf.raw_ops would call it: for ops the facade's API never builds
    (graph files bring them)."""
    return core.apply_op(op, [tf.convert_to_tensor(x) for x in inputs], attrs, name)


def grad(f):
    """d f(x, ...) / dx, through a GradientTape (the same in every mode)."""
    def g(x, *rest):
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x, *rest)
        return t.gradient(y, x)
    return g


X4 = np.arange(1, 33, dtype=np.float32).reshape([1, 4, 4, 2]) / 8.0   # NHWC image
W3 = (np.arange(18, dtype=np.float32).reshape([3, 3, 2, 1]) - 9.0) / 16.0
SPD = np.array([[4.0, 1.0], [1.0, 3.0]], dtype=np.float32)            # symmetric positive definite
S = np.array(["ab", "cde"])

# math_ops.py, clip_ops.py: elementwise, reductions, comparisons, scans, segments
CASES.update({
    "Add": (lambda a, b: raw("Add", [a, b], T=tf.float32)[0], [A, B]),
    "Div": (lambda a: raw("Div", [-a, np.int32(4)], T=tf.int32)[0], [I]),
    "DivNoNan": (lambda a, b: raw("DivNoNan", [a, b - 0.5], T=tf.float32)[0], [A, B]),
    "Ceil": (lambda a: tf.math.ceil(a * 0.3), [A]),
    "Floor": (lambda a: tf.math.floor(a * 0.3), [A]),
    "Round": (lambda a: tf.math.round(a * 0.75), [A]),
    "Sign": (lambda a: tf.math.sign(a), [A]),
    "Reciprocal": (lambda a: tf.math.reciprocal(a), [A]),
    "Rsqrt": (lambda a: tf.math.rsqrt(tf.abs(a)), [A]),
    "Log1p": (lambda a: tf.math.log1p(tf.abs(a)), [A]),
    "Sin": (lambda a: tf.sin(a), [A]),
    "Cos": (lambda a: tf.cos(a), [A]),
    "Erfc": (lambda a: tf.math.erfc(a), [A]),
    "Softplus": (lambda a: tf.nn.softplus(a), [A]),
    "Greater": (lambda a, b: a > b, [A, B]),
    "GreaterEqual": (lambda a, b: a >= b, [A, B]),
    "LessEqual": (lambda a, b: a <= b, [A, B]),
    "NotEqual": (lambda a, b: tf.not_equal(a, b), [A, B]),
    "LogicalNot": (lambda a: tf.logical_not(a > 0), [A]),
    "LogicalOr": (lambda a: tf.logical_or(a > 3, a < 0), [A]),
    "All": (lambda a: tf.reduce_all(a > -3, axis=1), [A]),
    "Any": (lambda a: tf.reduce_any(a > 3, axis=0), [A]),
    "Cumsum": (lambda a: tf.math.cumsum(a, axis=1, reverse=True), [A]),
    "SegmentMean": (lambda a: tf.math.segment_mean(a, [0, 0]), [A]),
    "SegmentMin": (lambda a: tf.math.segment_min(a, [0, 1]), [A]),
    "SegmentProd": (lambda a: tf.math.segment_prod(a, [0, 0]), [A]),
    "UnsortedSegmentMax": (lambda a: tf.math.unsorted_segment_max(a, [1, 1], 2), [A]),
    "UnsortedSegmentMin": (lambda a: tf.math.unsorted_segment_min(a, [0, 1], 2), [A]),
    "UnsortedSegmentProd": (lambda a: tf.math.unsorted_segment_prod(a, [0, 0], 2), [A]),
    "BatchMatMulV2": (lambda a: tf.matmul(tf.stack([a, a + 1.0]), a), [A]),
    "TopKV2": (lambda a: tf.math.top_k(a, k=2).values, [A]),
    "BroadcastGradientArgs": (lambda: raw("BroadcastGradientArgs", [np.array([2, 1], np.int32), np.array([3], np.int32)],
                                          T=tf.int32)[0], []),
})
# array_ops.py: shapes, indexing, padding, sets, identities
CASES.update({
    "Const": (lambda a: a + tf.constant([1.5, -1.0]), [A]),
    "Identity": (lambda a: tf.identity(a), [A]),
    "IdentityN": (lambda a, b: raw("IdentityN", [a, b], T=[1, 1])[1], [A, B]),
    "StopGradient": (lambda a: tf.stop_gradient(a), [A]),
    "CheckNumerics": (lambda a: tf.debugging.check_numerics(a, "bad"), [A]),
    "CheckNumericsNaN": (lambda a: tf.debugging.check_numerics(a / 0.0 * 0.0, "nan here"), [A]),
    "Rank": (lambda a: tf.rank(a), [I]),
    "InvertPermutation": (lambda: tf.math.invert_permutation([2, 0, 1]), []),
    "ListDiff": (lambda: tf.compat.v1.setdiff1d([1, 5, 3, 7], [5, 7]).out, []),
    "LowerBound": (lambda a, b: tf.searchsorted(a[1], b, side="left"), [A, B]),
    "Where": (lambda a: tf.where(a > 0), [A]),
    "Select": (lambda a: tf.compat.v1.where(a > 0, a, -a), [A]),
    "GatherNd": (lambda a: tf.gather_nd(a, [[1, 2], [0, 0]]), [I]),
    "ScatterNd": (lambda: tf.scatter_nd([[1], [3]], [9, 4], [5]), []),
    "Pad": (lambda a: tf.pad(a, [[1, 0], [0, 2]]), [I]),
    "PadV2": (lambda a: tf.pad(a, [[0, 1], [1, 1]], constant_values=-1), [I]),
    "Placeholder": (lambda a: a * 2, [A]),
    "PlaceholderWithDefault": (lambda a: tf.compat.v1.placeholder_with_default(a, [2, 2]) + 1.0, [A]),
    "NoOp": (lambda a: tf.identity(a) if tf.no_op() is not False else a, [A]),
    "StridedSliceGrad": (grad(lambda a: tf.reduce_sum(a[1:, ::-1] * 3.0)), [A]),
})
# linalg_ops.py
CASES.update({
    "Cholesky": (lambda a: tf.linalg.cholesky(a), [SPD]),
    "MatrixInverse": (lambda a: tf.linalg.inv(a), [SPD]),
    "MatrixDeterminant": (lambda a: tf.linalg.det(a), [A]),
    "LogMatrixDeterminant": (lambda a: tf.linalg.slogdet(a)[1], [SPD]),
    "MatrixSolve": (lambda a, b: tf.linalg.solve(a, tf.reshape(b, [2, 1])), [SPD, B]),
    "MatrixTriangularSolve": (lambda a, b: tf.linalg.triangular_solve(tf.linalg.band_part(a, -1, 0), tf.reshape(b, [2, 1])),
                              [SPD, B]),
    "MatrixBandPart": (lambda a: tf.linalg.band_part(a, 0, -1), [A]),
    "MatrixDiag": (lambda b: tf.linalg.diag(b), [B]),
    "MatrixDiagPart": (lambda a: tf.linalg.diag_part(a), [A]),
    "MatrixSetDiag": (lambda a, b: tf.linalg.set_diag(a, b), [A, B]),
    "MatrixDiagV3": (lambda b: raw("MatrixDiagV3", [b, 0, -1, -1, 0.0], T=tf.float32, align="RIGHT_LEFT")[0], [B]),
    "MatrixDiagPartV3": (lambda a: raw("MatrixDiagPartV3", [a, 0, 0.0], T=tf.float32, align="RIGHT_LEFT")[0], [A]),
    "MatrixSetDiagV3": (lambda a, b: raw("MatrixSetDiagV3", [a, b, 0], T=tf.float32, align="RIGHT_LEFT")[0], [A, B]),
    "Qr": (lambda a: tf.abs(tf.linalg.qr(a)[1]), [A]),
    "SelfAdjointEigV2": (lambda a: tf.linalg.eigvalsh(a), [SPD]),
    "Svd": (lambda a: tf.linalg.svd(a, compute_uv=False), [A]),
})
# nn_ops.py, image_ops.py and their gradients (nn_grad.py, image_grad.py)
CASES.update({
    "BiasAdd": (lambda a, b: tf.nn.bias_add(a, b), [A, B]),
    "BiasAddGrad": (lambda a: raw("BiasAddGrad", [a], T=tf.float32, data_format="NCHW")[0], [A]),
    "ReluGrad": (grad(lambda a: tf.nn.relu(a) * 2.0), [A]),
    "Conv2D": (lambda x: tf.nn.conv2d(x, W3, 1, "SAME"), [X4]),
    "Conv2DBackpropInput": (grad(lambda x: tf.reduce_sum(tf.nn.conv2d(x, W3, 2, "SAME") ** 2)), [X4]),
    "Conv2DBackpropFilter": (grad(lambda w, x: tf.reduce_sum(tf.nn.conv2d(x, w, 1, "VALID") ** 2)), [W3, X4]),
    "DepthwiseConv2dNative": (lambda x: tf.nn.depthwise_conv2d(x, W3, [1, 1, 1, 1], "SAME"), [X4]),
    "DepthwiseConv2dNativeBackpropInput": (grad(lambda x: tf.reduce_sum(tf.nn.depthwise_conv2d(
        x, W3, [1, 1, 1, 1], "VALID") ** 2)), [X4]),
    "DepthwiseConv2dNativeBackpropFilter": (grad(lambda w, x: tf.reduce_sum(tf.nn.depthwise_conv2d(
        x, w, [1, 1, 1, 1], "VALID") ** 2)), [W3, X4]),
    "MaxPool": (lambda x: tf.nn.max_pool2d(x, 2, 2, "VALID"), [X4]),
    "MaxPoolGrad": (grad(lambda x: tf.reduce_sum(tf.nn.max_pool2d(x * x, 2, 1, "SAME"))), [X4]),
    "MaxPoolWithArgmax": (lambda x: tf.nn.max_pool_with_argmax(x, 2, 2, "VALID")[1], [X4]),
    "MaxPoolGradWithArgmax": (grad(lambda x: tf.reduce_sum(tf.nn.max_pool_with_argmax(x * x, 2, 2, "SAME")[0])), [X4]),
    "AvgPool": (lambda x: tf.nn.avg_pool2d(x, 2, 1, "SAME"), [X4]),
    "AvgPoolGrad": (grad(lambda x: tf.reduce_sum(tf.nn.avg_pool2d(x * x, 3, 1, "SAME"))), [X4]),
    "LRN": (lambda x: tf.nn.local_response_normalization(x, 1, 1.0, 0.5, 0.75), [X4]),
    "LRNGrad": (grad(lambda x: tf.reduce_sum(tf.nn.local_response_normalization(x, 1, 1.0, 0.5, 0.75))), [X4]),
    "DepthToSpace": (lambda x: tf.nn.depth_to_space(tf.concat([x, x], 3), 2), [X4]),
    "SpaceToDepth": (lambda x: tf.nn.space_to_depth(x, 2), [X4]),
    "ExtractImagePatches": (lambda x: tf.image.extract_patches(x, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"), [X4]),
    "ResizeBilinear": (lambda x: tf.compat.v1.image.resize_bilinear(x, [6, 3]), [X4]),
    "ResizeBilinearGrad": (grad(lambda x: tf.reduce_sum(tf.compat.v1.image.resize_bilinear(x, [6, 3]) ** 2)), [X4]),
    "ResizeNearestNeighbor": (lambda x: tf.compat.v1.image.resize_nearest_neighbor(x, [6, 3]), [X4]),
    "ResizeNearestNeighborGrad": (grad(lambda x: tf.reduce_sum(tf.compat.v1.image.resize_nearest_neighbor(x, [3, 2]) ** 2)),
                                  [X4]),
})
# random_ops.py: the values differ between modes as in TensorFlow (one stream per op), so the
# cases compare what every draw must satisfy
CASES.update({
    "RandomUniform": (lambda: tf.reduce_all((lambda u: (u >= 0.0) & (u < 1.0))(tf.random.uniform([50]))), []),
    "RandomUniformInt": (lambda: tf.reduce_all((lambda u: (u >= 3) & (u < 6))(tf.random.uniform([50], 3, 6, tf.int32))), []),
    "RandomStandardNormal": (lambda: tf.shape(tf.random.normal([3, 4])), []),
    "TruncatedNormal": (lambda: tf.reduce_all(tf.abs(tf.random.truncated_normal([50])) <= 2.0), []),
    "RandomShuffle": (lambda a: tf.math.top_k(tf.random.shuffle(tf.reshape(a, [-1])), k=4).values, [A]),
    "Multinomial": (lambda: tf.random.categorical([[0.0, -1e9], [-1e9, 0.0]], 5), []),
    # candidate samplers: the classes lie in range (unique ones from a range of num_sampled are
    # all of it); the expected counts without `unique` are p * num_sampled
    "LogUniformCandidateSampler": (lambda: (lambda s: tf.concat(
        [tf.reshape(tf.cast(tf.reduce_all((s[0] >= 0) & (s[0] < 20)), tf.float32), [1]), tf.reshape(s[1], [-1]),
         tf.cast(tf.shape(s[2]), tf.float32)], 0))(
        tf.random.log_uniform_candidate_sampler([[1], [2]], 1, 5, False, 20)), []),
    "UniformCandidateSampler": (lambda: (lambda s: tf.stack([tf.reduce_sum(s[0]), tf.reduce_min(s[0]), tf.reduce_max(s[0])]))(
        tf.random.uniform_candidate_sampler([[1], [2]], 1, 5, True, 5)), []),
    "ComputeAccidentalHits": (lambda: (lambda h: tf.stack([tf.cast(h.indices, tf.int64), h.ids]))(
        tf.nn.compute_accidental_hits(tf.constant([[1, 2], [3, 1]], tf.int64), tf.constant([1, 3, 5], tf.int64), 2)),
        []),
})
# string_ops.py
CASES.update({
    "AsString": (lambda a: tf.strings.as_string(a, precision=2), [A]),
    "StringJoin": (lambda s: tf.strings.join([s, s], separator="-"), [S]),
    "StringJoinSpace": (lambda: raw("StringJoinSpace", ["ab", "cde"])[0], []),
    "Substr": (lambda s: tf.strings.substr(s, 1, 2), [S]),
})


class Fresh:
    """A case whose function keeps state (a variable): each mode gets its own from
    `factory`, and a tf.function creates the variable on its first trace only."""
    def __init__(self, factory):
        self.factory = factory


def on_var(use, ref=False):
    """A case on a variable initialised from A: a resource variable, or in a TF1 graph
    when `ref` a ref variable (VariableV2), whose results must agree."""
    def factory():
        v = []

        def fn():
            if not v:
                old = core.behavior.resource_variables
                core.behavior.resource_variables = not (ref and not tf.executing_eagerly() and not core.inside_function())
                try:
                    v.append(tf.compat.v1.Variable(A))
                finally:
                    core.behavior.resource_variables = old
            return use(v[0])
        return fn
    return Fresh(factory), []


def _initialized(v):
    if isinstance(v, tf.compat.v1.Variable) and type(v).__name__ == "RefVariable":
        return tf.compat.v1.is_variable_initialized(v)
    return raw("VarIsInitializedOp", [v.handle])[0]


# variables.py: resource variables in every mode; ref variables (TF1 graphs) against them
CASES.update({
    "VarHandleOp": on_var(lambda v: v.read_value()),
    "ReadVariableOp": on_var(lambda v: v.read_value() * 2.0),
    "AssignVariableOp": on_var(lambda v: tf.identity(v.assign(A + 1.0))),
    "AssignAddVariableOp": on_var(lambda v: tf.identity(v.assign_add(A))),
    "AssignSubVariableOp": on_var(lambda v: tf.identity(v.assign_sub(A * 3.0))),
    "VarIsInitializedOp": on_var(_initialized),
    "VariableV2": on_var(lambda v: tf.identity(v), ref=True),
    "Assign": on_var(lambda v: tf.identity(v.assign(A - 1.0)), ref=True),
    "AssignAdd": on_var(lambda v: tf.identity(v.assign_add(A)), ref=True),
    "AssignSub": on_var(lambda v: tf.identity(v.assign_sub(A)), ref=True),
    "IsVariableInitialized": on_var(_initialized, ref=True),
})


def eager_py_func(a):
    """The EagerPyFunc op (graph files' tf.py_function; the facade's own py_function runs
    Python directly eagerly and through PyFunc in graphs)."""
    token = max(script_ops._host_fns, default=0) + 1
    script_ops._host_fns[token] = (lambda vals: [vals[0] * 2], [tf.float32])
    return raw("EagerPyFunc", [a], token=token, Tout=[1])[0]


# control flow and calls (control_flow.py, function.py) and host calls (script_ops.py)
CASES.update({
    "If": (lambda a: tf.cond(tf.reduce_sum(a) > 0, lambda: a * 2.0, lambda: -a), [A]),
    "While": (lambda a: tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x * 2.0), [0, a])[1], [A]),
    "StatefulPartitionedCall": (lambda a: tf.function(lambda x: x * 3.0 + 1.0)(a), [A]),
    "PyFunc": (lambda a: tf.compat.v1.py_func(lambda x: x * 2, [a], tf.float32), [A]),
    "EagerPyFunc": (eager_py_func, [A]),
})
# TF1's summary ops and Print (kernels_summary.cc; tf.compat.v1.summary builds them in graphs)
_TAGS = np.array([[b"a", b"b"], [b"c", b"d"]], dtype=object)
CASES.update({
    "ScalarSummary": (lambda a: raw("ScalarSummary", [_TAGS, a], T=tf.float32)[0], [A]),
    # a value past 1e20 fills the last bucket: a Summary ending in zero bytes would lose them
    # when a Session fetches it (TensorFlow's fetch of a string scalar strips trailing NULs)
    "HistogramSummary": (lambda a: raw("HistogramSummary", [b"h", a * 1e30], T=tf.float32)[0], [A]),
    "MergeSummary": (lambda a: raw("MergeSummary", [raw("HistogramSummary", [b"h", a], T=tf.float32)[0],
                                                    raw("ScalarSummary", [_TAGS, a], T=tf.float32)[0]], N=2)[0], [A]),
    "Print": (lambda a: raw("Print", [a, a], T=tf.float32, U=[1], message="harness ", first_n=0)[0], [A]),
})
# Ops for which a case is an error (the same error in every mode).
ERROR_CASES = {"IncompatibleShapes", "MatMulMismatch", "CheckNumericsNaN"}


# Ops the facade never builds, only graph files bring (v1 control flow's frames and their
# Ref variants, which the graph runner executes, and TF2's stateless functional ops): each
# is covered by a graph-run golden (testdata/graphs/run/NAME.json: TensorFlow's values,
# compared by graph_import_tests); here the golden's graph must hold a node of the op.
GRAPHS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "graphs")
GRAPH_GOLDENS = {
    "Enter": "while_v1", "Exit": "while_v1", "LoopCond": "while_v1", "Merge": "while_v1",
    "NextIteration": "while_v1", "Switch": "while_v1",
    "RefSwitch": "functional_ref_v1_taken", "RefMerge": "functional_ref_v1_taken",
    "RefEnter": "functional_ref_v1_taken", "RefNextIteration": "functional_ref_v1_taken",
    "RefExit": "functional_ref_v1_taken", "PartitionedCall": "functional_ref_v1_taken",
    "StatelessIf": "functional_ref_v1_taken", "StatelessWhile": "functional_ref_v1_taken",
}


def graph_golden_problem(op, golden):
    """None if golden's graph file (text) holds an `op` node, else what is wrong."""
    try:
        with open(os.path.join(GRAPHS, "run", golden + ".json")) as f:
            graph = json.load(f)["graph"]
        with open(os.path.join(GRAPHS, graph)) as f:
            text = f.read()
    except (OSError, ValueError, KeyError) as e:
        return "golden %s unreadable: %s" % (golden, e)
    if ('op: "%s"' % op) not in text:
        return "the graph of golden %s (%s) has no %s node" % (golden, graph, op)
    return None


class Built:
    """The op types a case builds or runs, in any mode: graph and tf.function nodes
    (Graph._add_op) and eager executions (_tfrt.execute)."""
    def __init__(self):
        self.ops = set()
        add_op, execute = core.Graph._add_op, core._tfrt.execute

        def _add_op(graph, op_type, *a, **k):
            self.ops.add(op_type)
            return add_op(graph, op_type, *a, **k)

        def _execute(op_type, *a, **k):
            self.ops.add(op_type)
            return execute(op_type, *a, **k)
        core.Graph._add_op, core._tfrt.execute = _add_op, _execute


def outcome(fn):
    try:
        r = fn()
        return ("ok", np.asarray(r))
    except Exception as e:   # compared by kind; graph construction reports ValueError
        return ("error", "%s: %s" % (type(e).__name__, str(e).split("\n")[0][:120]))


def _fn(fn):
    return fn.factory() if isinstance(fn, Fresh) else fn


def eager(fn, args):
    fn = _fn(fn)
    return outcome(lambda: np.asarray(fn(*[tf.constant(a) for a in args])))


def graph(fn, args):
    fn = _fn(fn)

    def run():
        g = tf.Graph()
        with g.as_default():
            phs = [tf.compat.v1.placeholder(tf.as_dtype(a.dtype), a.shape) for a in args]
            out = fn(*phs)
            sess = tf.compat.v1.Session(graph=g)
            sess.run(tf.compat.v1.global_variables_initializer())
            return sess.run(out, {p: a for p, a in zip(phs, args)})
    return outcome(run)


def function(fn, args):
    fn = _fn(fn)
    return outcome(lambda: np.asarray(tf.function(fn)(*[tf.constant(a) for a in args])))


def same(x, y):
    if x[0] != y[0]:
        return False
    if x[0] == "error":   # graph construction reports a ValueError where eager raises an OpError
        return True
    a, b = x[1], y[1]
    if a.dtype.kind in "OSU" or b.dtype.kind in "OSU":
        return a.shape == b.shape and [bytes(v) for v in a.ravel()] == [bytes(v) for v in b.ravel()]
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")


def main():
    failures = 0
    built = Built()
    for name, (fn, args) in CASES.items():
        built.ops.clear()
        e, g, f = eager(fn, args), graph(fn, args), function(fn, args)
        ok = same(e, g) and same(e, f) and e[0] == ("error" if name in ERROR_CASES else "ok")
        why = "" if ok else "MISMATCH eager=%r graph=%r function=%r" % (e, g, f)
        if ok and name not in ERROR_CASES and name not in built.ops:
            ok, why = False, "the case never builds or runs %s (it built %s)" % (name, ", ".join(sorted(built.ops)))
        print("%-40s %s" % (name, "ok" if ok else why))
        failures += not ok
    for op, golden in GRAPH_GOLDENS.items():
        problem = graph_golden_problem(op, golden)
        print("%-40s %s" % (op, problem or "ok (graph golden %s)" % golden))
        failures += problem is not None
    # every op of the C++ op table has a case
    missing = sorted(set(core._tfrt.registered_ops()) - set(CASES) - set(GRAPH_GOLDENS))
    for op in missing:
        print("%-40s NO CASE: add one to runtime/tests/op_harness.py" % op)
    print("%d op cases, %d graph-golden cases, %d failures, %d registered ops without a case"
          % (len(CASES), len(GRAPH_GOLDENS), failures, len(missing)))
    return 1 if failures or missing else 0


if __name__ == "__main__":
    sys.exit(main())

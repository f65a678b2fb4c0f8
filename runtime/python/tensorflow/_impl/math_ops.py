"""Math ops (TensorFlow's math_ops): elementwise arithmetic, comparisons and logic, special
functions, reductions, argmax / argmin, matrix products, ranges, cumulative sums and
products, segment reductions, bincount / histograms / confusion matrices, the TF1 cast
helpers, and Tensor's Python operators (+ - * / // % ** @ & | ~ < <= > >=, and TF2's
elementwise == / !=). Gradients are in math_grad.py."""
import numpy as np

from . import array_ops, core
from .core import convert_to_tensor as _t, op1, Tensor


# ---------------------------------------------------------------------------- elementwise
def _binary(op_type, default_name):
    def f(x, y, name=None):
        x, y = core.convert_operands(x, y, op=op_type)
        return op1(op_type, [x, y], {"T": x.dtype}, name or default_name)
    return f


def add(x, y, name=None):
    # TF's math_ops.add: strings are joined by the Add op (AddV2 has no string kernel). One
    # frame, the dtype's name read directly: every eager `a + b` comes through here.
    op_type = "AddV2"
    if isinstance(x, (str, bytes)) or (isinstance(x, Tensor) and x._dtype._name == "string"):
        op_type = "Add"
    x, y = core.convert_operands(x, y, op=op_type)
    return op1(op_type, [x, y], {"T": x.dtype}, name or "Add")


subtract = _binary("Sub", "Sub")
multiply = _binary("Mul", "Mul")
maximum = _binary("Maximum", "Maximum")
minimum = _binary("Minimum", "Minimum")
floordiv = _binary("FloorDiv", "floordiv")
floormod = _binary("FloorMod", "FloorMod")
pow = _binary("Pow", "Pow")  # noqa: A001
squared_difference = _binary("SquaredDifference", "SquaredDifference")
equal = _binary("Equal", "Equal")
not_equal = _binary("NotEqual", "NotEqual")
less = _binary("Less", "Less")
less_equal = _binary("LessEqual", "LessEqual")
greater = _binary("Greater", "Greater")
greater_equal = _binary("GreaterEqual", "GreaterEqual")
logical_and = _binary("LogicalAnd", "LogicalAnd")
logical_or = _binary("LogicalOr", "LogicalOr")
realdiv = _binary("RealDiv", "RealDiv")


def divide(x, y, name=None):
    return truediv(x, y, name=name or "truediv")


def truediv(x, y, name=None):
    with core.op_scope(name, "truediv") as scope:
        x, y = core.convert_operands(x, y, op="RealDiv", named=scope is not None)
        if x.dtype.is_integer:
            x, y = array_ops.cast(x, core.float64), array_ops.cast(y, core.float64)
        return op1("RealDiv", [x, y], {"T": x.dtype}, scope or "truediv")


def div(x, y, name=None):
    x, y = core.convert_operands(x, y, op="Div")
    return op1("FloorDiv" if x.dtype.is_integer else "RealDiv", [x, y], {}, name or "div")


def logical_not(x, name=None):
    return op1("LogicalNot", [_t(x)], {}, name or "LogicalNot")


def logical_xor(x, y, name="LogicalXor"):
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)), name=name)


def _binary_as_x(op):
    def f(x, y, name=None):
        a = _t(x)
        b = _t(y, dtype=a.dtype) if not isinstance(y, core.Tensor) else y
        return core.op1(op, [a, b], {"T": a.dtype}, name or op)
    f.__name__ = op
    return f


atan2 = _binary_as_x("Atan2")
truncatediv = _binary_as_x("TruncateDiv")


def scalar_mul(scalar, x, name=None):
    x = core.convert_to_tensor(x)
    s = core.convert_to_tensor(scalar, dtype=x.dtype.base_dtype, name="scalar")
    if s.shape.ndims != 0:
        raise ValueError("The input scalar must be a 0-D value. Received shape %s." % s.shape)
    return core.op1("Mul", [s, x], {"T": x.dtype.base_dtype}, name or "Mul")


def floor_div(x, y, name=None):
    """TF1's tf.floor_div, the raw FloorDiv op (tf.floordiv is the same op under the name floordiv)."""
    x, y = core.convert_operands(x, y, op="FloorDiv")
    return core.op1("FloorDiv", [x, y], {"T": x.dtype}, name or "FloorDiv")


def div_no_nan(x, y, name=None):
    x, y = core.convert_operands(x, y, op="DivNoNan")
    return core.op1("DivNoNan", [x, y], {"T": x.dtype}, name or "div_no_nan")


def _unary(op_type):
    def f(x, name=None):
        x = _t(x)
        return op1(op_type, [x], {"T": x.dtype}, name or op_type)
    f.__name__ = op_type
    return f


negative = _unary("Neg")
abs = _unary("Abs")  # noqa: A001
sign = _unary("Sign")
square = _unary("Square")
sqrt = _unary("Sqrt")
rsqrt = _unary("Rsqrt")
exp = _unary("Exp")
log = _unary("Log")
log1p = _unary("Log1p")
sin = _unary("Sin")
cos = _unary("Cos")


sigmoid = _unary("Sigmoid")
tanh = _unary("Tanh")
floor = _unary("Floor")
ceil = _unary("Ceil")
round = _unary("Round")  # noqa: A001
reciprocal = _unary("Reciprocal")
softplus = _unary("Softplus")
lgamma = _unary("Lgamma")
digamma = _unary("Digamma")
erf = _unary("Erf")
erfc = _unary("Erfc")


def polygamma(a, x, name=None):
    """tf.math.polygamma(a, x): the a-th derivative of digamma at x (a, x same dtype)."""
    a = _t(a)
    x = _t(x, dtype=a.dtype)
    return op1("Polygamma", [a, x], {"T": a.dtype}, name or "Polygamma")


rint, expm1 = _unary("Rint"), _unary("Expm1")


# ---------------------------------------------------------------------------- casts (TF1 spellings)
def to_float(x, name="ToFloat"):
    return array_ops.cast(x, core.float32, name)


def to_int32(x, name="ToInt32"):
    return array_ops.cast(x, core.int32, name)


def to_int64(x, name="ToInt64"):
    return array_ops.cast(x, core.int64, name)


def to_double(x, name="ToDouble"):
    return array_ops.cast(x, core.float64, name)


# ---------------------------------------------------------------------------- matrix products, reductions
def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, name=None, **unused):
    a, b = core.convert_operands(a, b, "a", "b", "MatMul")
    # Real dtypes only here: an adjoint is a transpose.
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    ra, rb = a.shape.ndims, b.shape.ndims
    if ra is None or rb is None or ra > 2 or rb > 2:
        # As tf.linalg.matmul: batch dimensions (or an unknown rank) take BatchMatMulV2.
        return op1("BatchMatMulV2", [a, b], {"T": a.dtype, "adj_x": ta, "adj_y": tb}, name or "MatMul")
    return op1("MatMul", [a, b], {"T": a.dtype, "transpose_a": ta, "transpose_b": tb}, name or "MatMul")


def _axis_tensor(x, axis):
    if axis is None:
        r = x.shape.ndims
        if r is not None:
            return _t(np.arange(r, dtype=np.int32))
        return op1("Range", [_t(0), op1("Rank", [x]), _t(1)])
    return _t(axis, dtype=core.int32) if not isinstance(axis, Tensor) else axis


def _reduce(op_type, default):
    def f(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None, keep_dims=None):
        x = _t(input_tensor)
        if axis is None:
            axis = reduction_indices
        keep = bool(keepdims if keepdims is not None else (keep_dims or False))
        return op1(op_type, [x, _axis_tensor(x, axis)], {"keep_dims": keep, "T": x.dtype}, name or default)
    return f


reduce_sum = _reduce("Sum", "Sum")
reduce_mean = _reduce("Mean", "Mean")
reduce_max = _reduce("Max", "Max")
reduce_min = _reduce("Min", "Min")
reduce_prod = _reduce("Prod", "Prod")
reduce_all = _reduce("All", "All")
reduce_any = _reduce("Any", "Any")


def argmax(input, axis=None, output_type=core.int64, name=None, dimension=None):
    x = _t(input)
    axis = 0 if axis is None and dimension is None else (axis if axis is not None else dimension)
    return op1("ArgMax", [x, _t(axis, dtype=core.int32)], {"output_type": core.as_dtype(output_type)}, name or "ArgMax")


def argmin(input, axis=None, output_type=core.int64, name=None, dimension=None):
    x = _t(input)
    axis = 0 if axis is None and dimension is None else (axis if axis is not None else dimension)
    return op1("ArgMin", [x, _t(axis, dtype=core.int32)], {"output_type": core.as_dtype(output_type)}, name or "ArgMin")


def add_n(inputs, name=None):
    inputs = [_t(i) for i in inputs]
    if len(inputs) == 1:
        return array_ops.identity(inputs[0], name=name or "AddN")
    # TensorFlow makes one AddN node with the given name; here a chain of adds whose last
    # node carries that name (a name scope's "scope/" names it exactly, as AddN's would be)
    r = inputs[0]
    for k, i in enumerate(inputs[1:], 2):
        r = add(r, i, name=(name or "AddN") if k == len(inputs) else None)
    return r


def reduce_logsumexp(x, axis=None, keepdims=False, name=None):
    x = _t(x)
    m = array_ops.stop_gradient(reduce_max(x, axis=axis, keepdims=True))
    r = add(log(reduce_sum(exp(subtract(x, m)), axis=axis, keepdims=True)), m)
    return r if keepdims else array_ops.squeeze(r, axis=axis if axis is not None else None)


def count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=core.int64, name=None, reduction_indices=None,
                  keep_dims=None, input=None):
    x = _t(input_tensor if input_tensor is not None else input)
    axis = axis if axis is not None else reduction_indices
    keepdims = bool(keepdims if keepdims is not None else keep_dims)
    zero = array_ops.zeros([], dtype=x.dtype)
    nz = array_ops.cast(not_equal(x, zero), core.int64)
    return array_ops.cast(reduce_sum(nz, axis=axis, keepdims=keepdims), core.as_dtype(dtype))


def count_nonzero_v2(input, axis=None, keepdims=None, dtype=core.int64, name=None):
    return count_nonzero(input, axis=axis, keepdims=keepdims, dtype=dtype)


# ---------------------------------------------------------------------------- ranges, cumulative sums and products, segments
def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001
    if limit is None:
        start, limit = 0, start
    vals = [start, limit, delta]
    if dtype is None:
        dtype = core.float32 if any(isinstance(v, float) or (isinstance(v, Tensor) and v.dtype.is_floating) for v in vals) else core.int32
        for v in vals:
            if isinstance(v, Tensor):
                dtype = v.dtype
    dtype = core.as_dtype(dtype)
    ts = [array_ops.cast(_t(v), dtype) if isinstance(v, Tensor) else _t(v, dtype=dtype) for v in vals]
    return op1("Range", ts, {"Tidx": dtype}, name)


def linspace(start, stop, num, name=None, axis=0):
    s = _t(start)
    if s.dtype not in (core.float32, core.float64):
        s = _t(start, dtype=core.float32) if not isinstance(start, core.Tensor) else s
    e = _t(stop, dtype=s.dtype) if not isinstance(stop, core.Tensor) else _t(stop)
    if s.shape.ndims != 0 or e.shape.ndims != 0 or axis not in (0, None):
        core.unsupported("tf.linspace with non-scalar start/stop")
    n = array_ops.int_tensor(num)
    return core.op1("LinSpace", [s, e, n], {"T": s.dtype, "Tidx": n.dtype}, name or "LinSpace")


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    x = _t(x)
    return core.op1("Cumsum", [x, _t(axis, dtype=core.int32)],
                    {"exclusive": bool(exclusive), "reverse": bool(reverse), "T": x.dtype}, name or "Cumsum")


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    x = _t(x)
    return core.op1("Cumprod", [x, array_ops.int_tensor(axis)], {"exclusive": bool(exclusive), "reverse": bool(reverse), "T": x.dtype},
                    name or "Cumprod")


def _segment(op):
    def f(data, segment_ids, name=None):
        d, i = _t(data), array_ops.int_tensor(segment_ids)
        return core.op1(op, [d, i], {"T": d.dtype, "Tindices": i.dtype}, name or op)
    f.__name__ = op
    return f


def _unsorted_segment(op):
    def f(data, segment_ids, num_segments, name=None):
        d, i, n = _t(data), array_ops.int_tensor(segment_ids), array_ops.int_tensor(num_segments)
        return core.op1(op, [d, i, n], {"T": d.dtype, "Tindices": i.dtype, "Tnumsegments": n.dtype}, name or op)
    f.__name__ = op
    return f


segment_sum, segment_mean, segment_max, segment_min, segment_prod = (
    _segment(n) for n in ("SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd"))
unsorted_segment_sum, unsorted_segment_max, unsorted_segment_min, unsorted_segment_prod = (
    _unsorted_segment(n) for n in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
                                   "UnsortedSegmentProd"))


# ---------------------------------------------------------------------------- counting
def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=core.int32, name=None, axis=None,
             binary_output=False):
    if axis is not None or binary_output:
        core.unsupported("tf.math.bincount(axis=..., binary_output=...)")
    arr = array_ops.int_tensor(arr)
    if arr.dtype != core.int32:
        arr = array_ops.cast(arr, core.int32)
    known = core.constant_value(arr)
    lims = [m for m in (minlength, maxlength) if m is not None]
    if known is not None and all(isinstance(m, (int, np.integer)) for m in lims):
        # TF's shape inference evaluates the size subgraph of a constant array: a static size
        size = int(np.max(known)) + 1 if np.size(known) else 0
        if minlength is not None:
            size = max(int(minlength), size)
        if maxlength is not None:
            size = min(int(maxlength), size)
        w = _t(weights) if weights is not None else _t(np.zeros([0]), dtype=core.as_dtype(dtype))
        return core.op1("Bincount", [arr, _t(size, dtype=core.int32), w], {"T": w.dtype}, name or "Bincount")
    nonempty = greater(reduce_prod(array_ops.shape(arr)), _t(0))
    size = multiply(array_ops.cast(nonempty, core.int32), add(reduce_max(arr), _t(1)))
    if minlength is not None:
        size = maximum(array_ops.int_tensor(minlength), size)
    if maxlength is not None:
        size = minimum(array_ops.int_tensor(maxlength), size)
    w = _t(weights) if weights is not None else _t(np.zeros([0]), dtype=core.as_dtype(dtype))
    return core.op1("Bincount", [arr, size, w], {"T": w.dtype}, name or "Bincount")


def histogram_fixed_width(values, value_range, nbins=100, dtype=core.int32, name=None):
    v = _t(values)
    r = _t(value_range, dtype=v.dtype) if not isinstance(value_range, core.Tensor) else value_range
    return core.op1("HistogramFixedWidth", [v, r, array_ops.int_tensor(nbins)], {"T": v.dtype, "dtype": core.as_dtype(dtype)},
                    name or "HistogramFixedWidth")


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=core.int32, name=None):
    dtype = core.as_dtype(dtype)
    l, p = array_ops.cast(_t(labels), core.int64), array_ops.cast(_t(predictions), core.int64)
    if num_classes is None:
        n = add(maximum(reduce_max(p), reduce_max(l)), _t(1, dtype=core.int64))
    else:
        n = array_ops.cast(array_ops.int_tensor(num_classes), core.int64)
    values = array_ops.ones_like(p, dtype=dtype) if weights is None else array_ops.cast(_t(weights), dtype)
    return array_ops.scatter_nd(array_ops.stack([l, p], axis=1), values, array_ops.stack([n, n]))


# ---------------------------------------------------------------------------- array composites over arithmetic
# (TF keeps sequence_mask, meshgrid and batch_gather in array_ops; they need the ops above)


def sequence_mask(lengths, maxlen=None, dtype=core.bool_, name=None):
    lengths = _t(lengths)
    if maxlen is None:
        maxlen = reduce_max(lengths)
    maxlen = array_ops.cast(_t(maxlen), lengths.dtype)
    row = range(_t(0, dtype=lengths.dtype), maxlen, _t(1, dtype=lengths.dtype))
    mask = less(row, array_ops.expand_dims(lengths, -1))
    dtype = core.as_dtype(dtype)
    return mask if dtype == core.bool_ else array_ops.cast(mask, dtype)


def meshgrid(*args, **kwargs):
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError("'{}' is an invalid keyword argument for this function".format(list(kwargs)[0]))
    if indexing not in ("xy", "ij"):
        raise ValueError("Argument `indexing` parameter must be either 'xy' or 'ij', got '%s'" % indexing)
    ndim = len(args)
    s0 = (1,) * ndim
    if not ndim:
        return []
    xs = [array_ops.reshape(_t(x), s0[:i] + (-1,) + s0[i + 1:]) for i, x in enumerate(args)]
    if indexing == "xy" and ndim > 1:
        xs[0] = array_ops.reshape(_t(args[0]), (1, -1) + (1,) * (ndim - 2))
        xs[1] = array_ops.reshape(_t(args[1]), (-1, 1) + (1,) * (ndim - 2))
    sizes = [_t(x).shape.num_elements() for x in args]
    if any(n is None for n in sizes):
        sizes = [array_ops.size(_t(x)) for x in args]
    dt = xs[0].dtype
    if indexing == "xy" and ndim > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    mult = array_ops.ones(array_ops.stack(sizes) if isinstance(sizes[0], core.Tensor) else sizes, dt)
    return [multiply(x, mult) for x in xs]


def batch_gather(params, indices, name=None):
    p, i = _t(params), array_ops.int_tensor(indices)
    if i.shape.ndims is None:
        raise ValueError("batch_gather does not allow indices with unknown shape.")
    bd = i.shape.ndims - 1
    ps, is_ = p.shape.as_list(), i.shape.as_list()
    if p.shape.ndims is None or any(d is None for d in ps[:bd + 1]) or any(d is None for d in is_[:bd]):
        core.unsupported("tf.batch_gather over batch dimensions of unknown size")
    if bd == 0:
        return array_ops.gather(p, i)
    nb = int(np.prod(ps[:bd]))
    n = ps[bd]
    offs = array_ops.reshape(multiply(range(nb), _t(n)), ps[:bd] + [1] * (len(is_) - bd))
    flat = array_ops.reshape(p, [-1] + ps[bd + 1:])
    return array_ops.gather(flat, add(array_ops.cast(i, core.int32), offs))


# ---------------------------------------------------------------------------- operators
def _install_operators():
    def binop(fn, name):
        def f(self, other):
            try:
                return fn(self, other, name=name)
            except (TypeError, ValueError) as e:
                if not isinstance(other, (Tensor, int, float, bool, list, tuple, np.ndarray, np.generic)) and not hasattr(other, "_as_tensor"):
                    return NotImplemented
                raise
        def r(self, other):
            return fn(_t(other, dtype_hint=self.dtype), self, name=name)
        return f, r

    table = {"add": (add, "add"), "sub": (subtract, "sub"), "mul": (multiply, "mul"),
             "truediv": (truediv, "truediv"), "floordiv": (floordiv, "floordiv"), "mod": (floormod, "mod"),
             "pow": (pow, "pow"), "matmul": (matmul, "matmul"), "and": (logical_and, "and"),
             "or": (logical_or, "or")}
    for k, (fn, name) in table.items():
        f, r = binop(fn, name)
        setattr(Tensor, "__%s__" % k, f)
        setattr(Tensor, "__r%s__" % k, r)
    Tensor.__neg__ = lambda self: negative(self, name="Neg")
    Tensor.__abs__ = lambda self: abs(self, name="Abs")
    Tensor.__invert__ = lambda self: logical_not(self)
    Tensor.__lt__ = lambda self, o: less(self, o, name="Less")
    Tensor.__le__ = lambda self, o: less_equal(self, o, name="LessEqual")
    Tensor.__gt__ = lambda self, o: greater(self, o, name="Greater")
    Tensor.__ge__ = lambda self, o: greater_equal(self, o, name="GreaterEqual")

    # TF2's tensor equality: == and != compare elementwise outside graphs (identity otherwise)
    def eq(self, other):
        if core.behavior.tensor_equality and core.executing_eagerly_outside_functions():
            try:
                return equal(self, other)
            except (TypeError, ValueError, core.OpError):
                return False
        return self is other

    def ne(self, other):
        if core.behavior.tensor_equality and core.executing_eagerly_outside_functions():
            try:
                return not_equal(self, other)
            except (TypeError, ValueError, core.OpError):
                return True
        return self is not other
    Tensor.__eq__, Tensor.__ne__ = eq, ne


_install_operators()

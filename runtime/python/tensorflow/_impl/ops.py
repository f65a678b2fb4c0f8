"""Public math / array / random ops of the facade, and Tensor's Python operators.
Every function converts its arguments and calls core.apply_op with TF's op name."""
import builtins

import numpy as np

from . import core
from .core import apply_op, convert_to_tensor as _t, op1, Tensor


def _pair(x, y, x_name="x", y_name="y", op=""):
    """Converts a binary op's operands: the tensor operand fixes the dtype of the other."""
    if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
        x = _t(x)
        y = _t(y, dtype_hint=x.dtype)
    elif isinstance(y, Tensor) or hasattr(y, "_as_tensor"):
        y = _t(y)
        x = _t(x, dtype_hint=y.dtype)
    else:
        x = _t(x)
        y = _t(y, dtype_hint=x.dtype)
    if x.dtype != y.dtype and not core.executing_eagerly():
        raise TypeError("Input '%s' of '%s' Op has type %s that does not match type %s of argument '%s'."
                        % (y_name, op, y.dtype.name, x.dtype.name, x_name))
    return x, y


def _binary(op_type, default_name):
    def f(x, y, name=None):
        x, y = _pair(x, y, op=op_type)
        return op1(op_type, [x, y], {"T": x.dtype}, name or default_name)
    return f


add = _binary("AddV2", "Add")
subtract = _binary("Sub", "Sub")
multiply = _binary("Mul", "Mul")
maximum = _binary("Maximum", "Maximum")
minimum = _binary("Minimum", "Minimum")
floordiv = _binary("FloorDiv", "FloorDiv")
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
    x, y = _pair(x, y, op="RealDiv")
    if x.dtype.is_integer:
        x, y = cast(x, core.float64), cast(y, core.float64)
    return op1("RealDiv", [x, y], {"T": x.dtype}, name or "truediv")


def div(x, y, name=None):
    x, y = _pair(x, y, op="Div")
    return op1("FloorDiv" if x.dtype.is_integer else "RealDiv", [x, y], {}, name or "div")


def logical_not(x, name=None):
    return op1("LogicalNot", [_t(x)], {}, name or "LogicalNot")


def logical_xor(x, y, name="LogicalXor"):
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)), name=name)


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
relu = _unary("Relu")
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


identity_op = _unary("Identity")
stop_gradient = _unary("StopGradient")


def check_numerics(tensor, message, name=None):
    """tf.debugging.check_numerics: the tensor, or InvalidArgumentError on NaN / Inf."""
    x = _t(tensor)
    return op1("CheckNumerics", [x], {"T": x.dtype, "message": str(message)}, name or "CheckNumerics")


def identity(x, name=None):
    if hasattr(x, "_as_tensor") and not isinstance(x, Tensor):
        x = x._as_tensor()
    x = _t(x)
    return op1("Identity", [x], {"T": x.dtype}, name or "Identity")


def cast(x, dtype, name=None):
    dtype = core.as_dtype(dtype)
    x = _t(x)
    if x.dtype == dtype:
        return x
    return op1("Cast", [x], {"SrcT": x.dtype, "DstT": dtype}, name or "Cast")


def to_float(x, name="ToFloat"):
    return cast(x, core.float32, name)


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, name=None, **unused):
    a, b = _pair(a, b, "a", "b", "MatMul")
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


def _shape_input(shape):
    if isinstance(shape, Tensor):
        return shape if shape.dtype in (core.int32, core.int64) else cast(shape, core.int32)
    if isinstance(shape, core.TensorShape):
        shape = shape.as_list()
    if isinstance(shape, (list, tuple)) and any(isinstance(s, Tensor) for s in shape):
        return stack([_t(s, dtype=core.int32) for s in shape])
    return _t(np.array(shape, dtype=np.int32).reshape(-1) if np.ndim(shape) else np.array(shape, dtype=np.int32), dtype=core.int32)


def reshape(tensor, shape, name=None):
    x = _t(tensor)
    return op1("Reshape", [x, _shape_input(shape)], {"T": x.dtype}, name or "Reshape")


def transpose(a, perm=None, name="transpose", conjugate=False):
    x = _t(a)
    if perm is None:
        r = x.shape.ndims
        perm = list(builtins.range(r - 1, -1, -1))
    return op1("Transpose", [x, _t(perm, dtype=core.int32)], {"T": x.dtype}, name)


def concat(values, axis, name="concat"):
    vals = [_t(v) for v in values]
    if len(vals) == 1:
        return identity(vals[0], name=name)
    return op1("ConcatV2", vals + [_t(axis, dtype=core.int32)], {"N": len(vals), "T": vals[0].dtype}, name)


def stack(values, axis=0, name="stack"):
    vals = [_t(v) for v in values]
    for v in vals[1:]:
        if v.dtype != vals[0].dtype:
            vals = [_t(v, dtype=vals[0].dtype) if not isinstance(v, Tensor) else v for v in vals]
    return op1("Pack", vals, {"N": len(vals), "axis": axis, "T": vals[0].dtype}, name)


def unstack(value, num=None, axis=0, name="unstack"):
    x = _t(value)
    if num is None:
        num = x.shape.as_list()[axis]
    return apply_op("Unpack", [x], {"num": num, "axis": axis, "T": x.dtype}, name)


def expand_dims(input, axis=None, name=None, dim=None):
    x = _t(input)
    axis = axis if axis is not None else dim
    return op1("ExpandDims", [x, _t(axis, dtype=core.int32)], {"T": x.dtype}, name or "ExpandDims")


def squeeze(input, axis=None, name=None, squeeze_dims=None):
    x = _t(input)
    axis = axis if axis is not None else squeeze_dims
    if axis is None:
        axis = []
    elif isinstance(axis, int):
        axis = [axis]
    return op1("Squeeze", [x], {"squeeze_dims": list(axis), "T": x.dtype}, name or "Squeeze")


def shape(input, name=None, out_type=core.int32):
    x = _t(input)
    return op1("Shape", [x], {"out_type": core.as_dtype(out_type)}, name or "Shape")


def size(input, name=None, out_type=core.int32):
    return op1("Size", [_t(input)], {"out_type": core.as_dtype(out_type)}, name or "Size")


def rank(input, name=None):
    return op1("Rank", [_t(input)], {}, name or "Rank")


def fill(dims, value, name=None):
    v = _t(value)
    return op1("Fill", [_shape_input(dims), v], {"T": v.dtype}, name or "Fill")


def zeros(shape, dtype=core.float32, name=None):
    dtype = core.as_dtype(dtype)
    if not isinstance(shape, Tensor) and not any(isinstance(s, Tensor) for s in np.ravel(np.array(shape, dtype=object))):
        return core.constant_value_tensor(np.zeros(shape, dtype=dtype.as_numpy_dtype) if dtype.name != "string" else np.full(shape, b"", dtype=object), dtype, name or "zeros")
    return fill(shape, _t(0, dtype=dtype), name=name or "zeros")


def ones(shape, dtype=core.float32, name=None):
    dtype = core.as_dtype(dtype)
    if not isinstance(shape, Tensor) and not any(isinstance(s, Tensor) for s in np.ravel(np.array(shape, dtype=object))):
        return core.constant_value_tensor(np.ones(shape, dtype=dtype.as_numpy_dtype), dtype, name or "ones")
    return fill(shape, _t(1, dtype=dtype), name=name or "ones")


def zeros_like(input, dtype=None, name=None, optimize=True):
    x = _t(input)
    r = op1("ZerosLike", [x], {"T": x.dtype}, name or "zeros_like")
    return cast(r, dtype) if dtype is not None else r


def ones_like(input, dtype=None, name=None, optimize=True):
    x = _t(input)
    r = op1("OnesLike", [x], {"T": x.dtype}, name or "ones_like")
    return cast(r, dtype) if dtype is not None else r


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
    ts = [cast(_t(v), dtype) if isinstance(v, Tensor) else _t(v, dtype=dtype) for v in vals]
    return op1("Range", ts, {"Tidx": dtype}, name)


def where(condition, x=None, y=None, name=None):
    c = _t(condition)
    if x is None and y is None:
        if core.executing_eagerly():
            return core.constant_value_tensor(np.argwhere(c._numpy()).astype(np.int64), core.int64)
        return op1("Where", [c], {"T": c.dtype}, name or "Where")
    x, y = _pair(x, y, op="SelectV2")
    return op1("SelectV2", [c, x, y], {"T": x.dtype}, name or "SelectV2")


def where_v1(condition, x=None, y=None, name=None):
    c = _t(condition)
    if x is None and y is None:
        return where(condition, name=name)
    x, y = _pair(x, y, op="Select")
    return op1("Select", [c, x, y], {"T": x.dtype}, name or "Select")


def broadcast_to(input, shape, name=None):
    x = _t(input)
    return op1("BroadcastTo", [x, _shape_input(shape)], {"T": x.dtype}, name or "BroadcastTo")


def tile(input, multiples, name=None):
    x = _t(input)
    return op1("Tile", [x, _shape_input(multiples)], {"T": x.dtype}, name or "Tile")


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    p = _t(params)
    i = _t(indices)
    return op1("GatherV2", [p, i, _t(axis or 0, dtype=core.int32)], {"Tparams": p.dtype}, name or "GatherV2")


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    if dtype is not None:
        dtype = core.as_dtype(dtype)
    elif on_value is not None:
        dtype = _t(on_value).dtype
    elif off_value is not None:
        dtype = _t(off_value).dtype
    else:
        dtype = core.float32
    on = _t(1 if on_value is None else on_value, dtype=dtype)
    off = _t(0 if off_value is None else off_value, dtype=dtype)
    return op1("OneHot", [_t(indices), _t(depth, dtype=core.int32), on, off],
               {"axis": -1 if axis is None else axis, "T": dtype}, name or "one_hot")


def add_n(inputs, name=None):
    inputs = [_t(i) for i in inputs]
    r = inputs[0]
    for i in inputs[1:]:
        r = add(r, i)
    return identity(r, name=name or "AddN") if len(inputs) == 1 else r


def l2_loss(t, name=None):
    x = _t(t)
    return op1("L2Loss", [x], {"T": x.dtype}, name or "L2Loss")


def reduce_logsumexp(x, axis=None, keepdims=False, name=None):
    x = _t(x)
    m = stop_gradient(reduce_max(x, axis=axis, keepdims=True))
    r = add(log(reduce_sum(exp(subtract(x, m)), axis=axis, keepdims=True)), m)
    return r if keepdims else squeeze(r, axis=axis if axis is not None else None)


# ---------------------------------------------------------------------------- random
def _seeds(seed):
    from . import random_seed
    return random_seed.get_seed(seed)


def random_normal(shape, mean=0.0, stddev=1.0, dtype=core.float32, seed=None, name=None):
    dtype = core.as_dtype(dtype)
    s1, s2 = _seeds(seed)
    r = op1("RandomStandardNormal", [_shape_input(shape)], {"dtype": dtype, "seed": s1, "seed2": s2}, name or "random_normal")
    return add(multiply(r, _t(stddev, dtype=dtype)), _t(mean, dtype=dtype))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=core.float32, seed=None, name=None):
    dtype = core.as_dtype(dtype)
    s1, s2 = _seeds(seed)
    r = op1("TruncatedNormal", [_shape_input(shape)], {"dtype": dtype, "seed": s1, "seed2": s2}, name or "truncated_normal")
    return add(multiply(r, _t(stddev, dtype=dtype)), _t(mean, dtype=dtype))


def random_uniform(shape, minval=0, maxval=None, dtype=core.float32, seed=None, name=None):
    dtype = core.as_dtype(dtype)
    if maxval is None:
        maxval = 1
    s1, s2 = _seeds(seed)
    if dtype.is_integer:
        return op1("RandomUniformInt", [_shape_input(shape), _t(minval, dtype=dtype), _t(maxval, dtype=dtype)],
                   {"dtype": dtype, "Tout": dtype, "seed": s1, "seed2": s2}, name or "random_uniform")
    r = op1("RandomUniform", [_shape_input(shape)], {"dtype": dtype, "seed": s1, "seed2": s2}, name or "random_uniform")
    return add(multiply(r, _t(maxval - minval, dtype=dtype)), _t(minval, dtype=dtype))


def _multinomial(logits, num_samples, dtype, seed, name, scope):
    logits = _t(logits)
    dtype = core.as_dtype(dtype) if dtype else core.int64
    if dtype not in (core.int32, core.int64):
        raise ValueError("Argument `dtype` got invalid value %s. Accepted dtypes are (tf.int32, tf.int64)." % dtype)
    s1, s2 = _seeds(seed)
    n = _t(num_samples, dtype=core.int32)
    attrs = {"seed": s1, "seed2": s2, "T": logits.dtype, "output_dtype": dtype}
    if core.executing_eagerly():
        return op1("Multinomial", [logits, n], attrs, "Multinomial")
    with core.get_default_graph().name_scope(name or scope):
        return op1("Multinomial", [logits, n], attrs, "Multinomial")


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """tf.random.categorical: TensorFlow's Multinomial op (its numbers for a seed)."""
    return _multinomial(logits, num_samples, dtype, seed, name, "categorical")


def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    """TF1 tf.multinomial / tf.random.multinomial."""
    return _multinomial(logits, num_samples, output_dtype, seed, name, "multinomial")


def string_to_number(string_tensor, out_type=core.float32, name=None):
    """tf.strings.to_number / tf.string_to_number: InvalidArgumentError on unparsable input."""
    x = _t(string_tensor, dtype=core.string)
    out_type = core.as_dtype(out_type)
    return op1("StringToNumber", [x], {"out_type": out_type}, name or "StringToNumber")


# ---------------------------------------------------------------------------- slicing
def _slice(tensor, key):
    x = _t(tensor)
    if not isinstance(key, tuple):
        key = (key,)
    begin, end, strides = [], [], []
    bm = em = elm = nam = sam = 0
    for i, k in enumerate(key):
        if k is Ellipsis:
            begin.append(0); end.append(0); strides.append(1)
            elm |= 1 << i
        elif k is None:
            begin.append(0); end.append(0); strides.append(1)
            nam |= 1 << i
        elif isinstance(k, slice):
            b, e, s = k.start, k.stop, k.step
            begin.append(0 if b is None else b)
            end.append(0 if e is None else e)
            strides.append(1 if s is None else s)
            if b is None:
                bm |= 1 << i
            if e is None:
                em |= 1 << i
        else:
            begin.append(k); end.append(k + 1 if not isinstance(k, Tensor) else add(k, 1)); strides.append(1)
            sam |= 1 << i
    def vec(v):
        if any(isinstance(a, Tensor) for a in v):
            return stack([cast(_t(a), core.int32) if isinstance(a, Tensor) else _t(int(a), dtype=core.int32) for a in v])
        return _t(np.array([int(a) for a in v], dtype=np.int32))
    return op1("StridedSlice", [x, vec(begin), vec(end), vec(strides)],
               {"begin_mask": bm, "end_mask": em, "ellipsis_mask": elm, "new_axis_mask": nam,
                "shrink_axis_mask": sam, "T": x.dtype}, "strided_slice")


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
    Tensor.__neg__ = lambda self: negative(self, name="neg")
    Tensor.__abs__ = lambda self: abs(self, name="Abs")
    Tensor.__invert__ = lambda self: logical_not(self)
    Tensor.__lt__ = lambda self, o: less(self, o, name="Less")
    Tensor.__le__ = lambda self, o: less_equal(self, o, name="LessEqual")
    Tensor.__gt__ = lambda self, o: greater(self, o, name="Greater")
    Tensor.__ge__ = lambda self, o: greater_equal(self, o, name="GreaterEqual")
    Tensor.__getitem__ = _slice

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
core.register_list_packing(stack)

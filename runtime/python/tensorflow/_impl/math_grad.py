"""Gradients of the math ops (math_ops.py)."""
import numpy as np

from . import array_ops, core, math_ops
from .core import convert_to_tensor as _t, Tensor


def unbroadcast(g, x):
    """Sums `g` down to the shape of `x` (the gradient of broadcasting)."""
    gs, xs = core.static_shape(g), core.static_shape(x)
    if gs is not None and xs is not None:
        if gs == xs:
            return g
        r = len(gs)
        xr = [1] * (r - len(xs)) + xs
        axes = [i for i in range(r) if xr[i] == 1 and gs[i] != 1]
        if axes:
            g = math_ops.reduce_sum(g, axis=axes, keepdims=True)
        return array_ops.reshape(g, xs)
    rx, _ = core.apply_op("BroadcastGradientArgs", [array_ops.shape(x), array_ops.shape(g)])
    return array_ops.reshape(math_ops.reduce_sum(g, axis=rx, keepdims=True), array_ops.shape(x))


@core.register_gradient("AddV2", "Add")
def _add(op, g):
    return [unbroadcast(g, op.inputs[0]), unbroadcast(g, op.inputs[1])]


@core.register_gradient("Sub")
def _sub(op, g):
    return [unbroadcast(g, op.inputs[0]), unbroadcast(math_ops.negative(g), op.inputs[1])]


@core.register_gradient("Mul")
def _mul(op, g):
    x, y = op.inputs
    return [unbroadcast(math_ops.multiply(g, y), x), unbroadcast(math_ops.multiply(g, x), y)]


def _quotient_grad(div_name):
    """The gradient of x / y for a division of math_ops (realdiv, div_no_nan): g / y for x,
    g * (-x / y / y) for y, both summed back to their input's shape."""
    def grad(op, g):
        div = getattr(math_ops, div_name)
        x, y = op.inputs
        return [unbroadcast(div(g, y), x), unbroadcast(math_ops.multiply(g, div(div(math_ops.negative(x), y), y)), y)]
    return grad


_div = core.register_gradient("RealDiv", "Div")(_quotient_grad("realdiv"))


@core.register_gradient("Pow")
def _pow(op, g):
    x, y = op.inputs
    z = op.outputs[0]
    gx = math_ops.multiply(g, math_ops.multiply(y, math_ops.pow(x, math_ops.subtract(y, array_ops.ones_like(y)))))
    safe = array_ops.where(math_ops.greater(x, array_ops.zeros_like(x)), x, array_ops.ones_like(x))
    gy = math_ops.multiply(g, math_ops.multiply(z, math_ops.log(safe)))
    return [unbroadcast(gx, x), unbroadcast(gy, y)]


@core.register_gradient("Maximum", "Minimum")
def _maxmin(op, g):
    x, y = op.inputs
    mask = math_ops.greater_equal(x, y) if op.type == "Maximum" else math_ops.less_equal(x, y)
    z = array_ops.zeros_like(g)
    return [unbroadcast(array_ops.where(mask, g, z), x), unbroadcast(array_ops.where(mask, z, g), y)]


@core.register_gradient("SquaredDifference")
def _sqdiff(op, g):
    x, y = op.inputs
    d = math_ops.multiply(math_ops.multiply(g, core.convert_to_tensor(2, dtype=g.dtype)), math_ops.subtract(x, y))
    return [unbroadcast(d, x), unbroadcast(math_ops.negative(d), y)]


@core.register_gradient("Neg")
def _neg(op, g):
    return [math_ops.negative(g)]


@core.register_gradient("Square")
def _square(op, g):
    x = op.inputs[0]
    return [math_ops.multiply(g, math_ops.multiply(x, core.convert_to_tensor(2, dtype=x.dtype)))]


# Sqrt's and Rsqrt's gradients round as TensorFlow's SqrtGrad and RsqrtGrad kernels do:
# g * (0.5 / y) and -0.5 * (g * y) * (y * y), in that order (checked bit for bit on TF
# 2.21; another order differs in the last bit for a third of the values, which Adam's
# first steps turn into visible differences).
@core.register_gradient("Sqrt")
def _sqrt(op, g):
    half = core.convert_to_tensor(0.5, dtype=g.dtype)
    return [math_ops.multiply(g, math_ops.realdiv(half, op.outputs[0]))]


@core.register_gradient("Rsqrt")
def _rsqrt(op, g):
    y = op.outputs[0]
    minus_half = core.convert_to_tensor(-0.5, dtype=g.dtype)
    return [math_ops.multiply(math_ops.multiply(minus_half, math_ops.multiply(g, y)), math_ops.multiply(y, y))]


@core.register_gradient("Exp")
def _exp(op, g):
    return [math_ops.multiply(g, op.outputs[0])]


@core.register_gradient("Log")
def _log(op, g):
    return [math_ops.realdiv(g, op.inputs[0])]


@core.register_gradient("Log1p")
def _log1p(op, g):
    x = op.inputs[0]
    return [math_ops.realdiv(g, math_ops.add(x, array_ops.ones_like(x)))]


@core.register_gradient("Sin")
def _sin(op, g):
    return [math_ops.multiply(g, math_ops.cos(op.inputs[0]))]


@core.register_gradient("Cos")
def _cos(op, g):
    return [math_ops.negative(math_ops.multiply(g, math_ops.sin(op.inputs[0])))]


@core.register_gradient("Abs")
def _abs(op, g):
    return [math_ops.multiply(g, math_ops.sign(op.inputs[0]))]


@core.register_gradient("Reciprocal")
def _recip(op, g):
    y = op.outputs[0]
    return [math_ops.negative(math_ops.multiply(g, math_ops.multiply(y, y)))]


@core.register_gradient("Sigmoid")
def _sigmoid(op, g):
    y = op.outputs[0]
    return [math_ops.multiply(g, math_ops.multiply(y, math_ops.subtract(array_ops.ones_like(y), y)))]


@core.register_gradient("Tanh")
def _tanh(op, g):
    y = op.outputs[0]
    return [math_ops.multiply(g, math_ops.subtract(array_ops.ones_like(y), math_ops.multiply(y, y)))]


@core.register_gradient("Softplus")
def _softplus(op, g):
    return [math_ops.multiply(g, math_ops.sigmoid(op.inputs[0]))]


@core.register_gradient("Lgamma")
def _lgamma(op, g):
    return [math_ops.multiply(g, math_ops.digamma(op.inputs[0]))]


@core.register_gradient("Digamma")
def _digamma(op, g):
    x = op.inputs[0]
    return [math_ops.multiply(g, math_ops.polygamma(core.constant_value_tensor(1, x.dtype), x))]


@core.register_gradient("Polygamma")
def _polygamma(op, g):
    a, x = op.inputs
    if a.shape.ndims is None or x.shape.ndims is None or (a.shape.as_list() != x.shape.as_list()
                                                           and a.shape.num_elements() != 1):
        raise core.UnsupportedSymbolError("the gradient of tf.math.polygamma with a non-scalar order broadcast "
                                          "against x")
    one = core.constant_value_tensor(1, a.dtype)
    return [None, math_ops.multiply(g, math_ops.polygamma(math_ops.add(a, one), x))]


@core.register_gradient("Erf")
def _erf(op, g):
    x = op.inputs[0]
    k = core.constant_value_tensor(2.0 / np.sqrt(np.pi), x.dtype)
    return [math_ops.multiply(g, math_ops.multiply(k, math_ops.exp(math_ops.negative(math_ops.square(x)))))]


@core.register_gradient("Erfc")
def _erfc(op, g):
    x = op.inputs[0]
    k = core.constant_value_tensor(-2.0 / np.sqrt(np.pi), x.dtype)
    return [math_ops.multiply(g, math_ops.multiply(k, math_ops.exp(math_ops.negative(math_ops.square(x)))))]


@core.register_gradient("Atan2")
def _atan2_grad(op, g):
    y, x = op.inputs
    inv = math_ops.reciprocal(math_ops.add(math_ops.square(x), math_ops.square(y)))
    return [unbroadcast(math_ops.multiply(g, math_ops.multiply(x, inv)), y),
            unbroadcast(math_ops.multiply(g, math_ops.multiply(math_ops.negative(y), inv)), x)]


@core.register_gradient("Expm1")
def _expm1_grad(op, g):
    return [math_ops.multiply(g, math_ops.exp(op.inputs[0]))]


_div_no_nan_grad = core.register_gradient("DivNoNan")(_quotient_grad("div_no_nan"))


@core.register_gradient("MatMul")
def _matmul(op, g):
    a, b = op.inputs
    ta, tb = op.get_attr("transpose_a"), op.get_attr("transpose_b")
    skip = core.skipped_inputs(op)
    if not ta and not tb:
        ga = lambda: math_ops.matmul(g, b, transpose_b=True)
        gb = lambda: math_ops.matmul(a, g, transpose_a=True)
    elif not ta and tb:
        ga = lambda: math_ops.matmul(g, b)
        gb = lambda: math_ops.matmul(g, a, transpose_a=True)
    elif ta and not tb:
        ga = lambda: math_ops.matmul(b, g, transpose_b=True)
        gb = lambda: math_ops.matmul(a, g)
    else:
        ga = lambda: math_ops.matmul(b, g, transpose_a=True, transpose_b=True)
        gb = lambda: math_ops.matmul(g, a, transpose_a=True, transpose_b=True)
    return [None if 0 in skip else ga(), None if 1 in skip else gb()]


@core.register_gradient("BatchMatMulV2")
def _batch_matmul(op, g):
    x, y = op.inputs
    ax, ay = op.get_attr("adj_x"), op.get_attr("adj_y")
    mm = math_ops.matmul
    if not ax and not ay:
        gx, gy = mm(g, y, transpose_b=True), mm(x, g, transpose_a=True)
    elif not ax and ay:
        gx, gy = mm(g, y), mm(g, x, transpose_a=True)
    elif ax and not ay:
        gx, gy = mm(y, g, transpose_b=True), mm(x, g)
    else:
        gx, gy = mm(y, g, transpose_a=True, transpose_b=True), mm(g, x, transpose_a=True, transpose_b=True)
    # Broadcast batch dimensions: sum the gradient back down to each input's shape.
    return [unbroadcast(gx, x), unbroadcast(gy, y)]


def _reduced_grad(op, g):
    x, axis = op.inputs
    if not op.get_attr("keep_dims"):
        av = core.constant_value(axis)
        r = x.shape.ndims
        if av is None or r is None:
            # dynamic: keep = shape(x) with the reduced axes set to 1
            sx = array_ops.shape(x)
            rank = array_ops.size(sx)
            ax = math_ops.floormod(array_ops.reshape(array_ops.cast(axis, core.int32), [-1]), rank)
            hit = math_ops.greater(math_ops.reduce_sum(array_ops.one_hot(ax, rank, dtype=core.int32), axis=0), 0)
            keep = array_ops.where(hit, array_ops.ones_like(sx), sx)
            return array_ops.broadcast_to(array_ops.reshape(g, keep), sx)
        axes = {int(a) % r for a in np.ravel(av)} if r else set()
        dims = x.shape.as_list()
        keep = [1 if i in axes else (dims[i] if dims[i] is not None else array_ops.shape(x)[i]) for i in range(r)]
        if any(isinstance(k, Tensor) for k in keep):
            keep = array_ops.stack([core.convert_to_tensor(k, dtype=core.int32) if not isinstance(k, Tensor) else k for k in keep])
        g = array_ops.reshape(g, keep)
    xs = core.static_shape(x)
    return array_ops.broadcast_to(g, xs if xs is not None else array_ops.shape(x))


@core.register_gradient("Sum")
def _sum(op, g):
    return [_reduced_grad(op, g), None]


@core.register_gradient("Mean")
def _mean(op, g):
    x = op.inputs[0]
    y = op.outputs[0]
    xs, ys = core.static_shape(x), core.static_shape(y)
    if xs is not None and ys is not None:
        factor = max(int(np.prod(xs)) // max(int(np.prod(ys)), 1), 1)
        cnt = core.convert_to_tensor(factor, dtype=g.dtype)
    else:
        cnt = array_ops.cast(math_ops.realdiv(array_ops.cast(array_ops.size(x), core.float64), array_ops.cast(array_ops.size(y), core.float64)), g.dtype)
    return [math_ops.realdiv(_reduced_grad(op, g), cnt) if g.dtype.is_floating else math_ops.floordiv(_reduced_grad(op, g), cnt), None]


@core.register_gradient("Max", "Min")
def _maxred(op, g):
    x = op.inputs[0]
    y = op.outputs[0]
    fake = type("Op", (), {"inputs": op.inputs, "get_attr": op.get_attr, "type": op.type})
    yb = _reduced_grad(fake, y)
    gb = _reduced_grad(fake, g)
    eq = array_ops.cast(math_ops.equal(x, yb), g.dtype)
    num = _reduced_grad(fake, math_ops.reduce_sum(eq, axis=op.inputs[1], keepdims=op.get_attr("keep_dims")))
    return [math_ops.realdiv(math_ops.multiply(eq, gb), num), None]


@core.register_gradient("Cumsum")
def _cumsum_grad(op, g):
    return [math_ops.cumsum(g, op.inputs[1], exclusive=op.get_attr("exclusive"), reverse=not op.get_attr("reverse")), None]


@core.register_gradient("Cumprod")
def _cumprod_grad(op, g):
    x, axis = op.inputs
    ex, rev = op.get_attr("exclusive"), op.get_attr("reverse")
    prod = math_ops.cumprod(x, axis, exclusive=ex, reverse=rev)
    out = math_ops.cumsum(math_ops.multiply(prod, g), axis, exclusive=ex, reverse=not rev)
    return [math_ops.div_no_nan(out, x), None]


@core.register_gradient("SegmentSum")
def _segment_sum_grad(op, g):
    return [array_ops.gather(g, op.inputs[1]), None]


@core.register_gradient("SegmentMean")
def _segment_mean_grad(op, g):
    x = op.inputs[0]
    r = x.shape.ndims
    ones_shape = array_ops.concat([array_ops.shape(x)[0:1], array_ops.ones([r - 1], core.int32)], 0)
    counts = math_ops.segment_sum(array_ops.ones(ones_shape, g.dtype), op.inputs[1])
    return [array_ops.gather(math_ops.realdiv(g, counts), op.inputs[1]), None]


@core.register_gradient("SegmentMax", "SegmentMin")
def _segment_minmax_grad(op, g):
    x, ids = op.inputs[0], op.inputs[1]
    sel = math_ops.equal(x, array_ops.gather(op.outputs[0], ids))
    n = math_ops.segment_sum(array_ops.cast(sel, g.dtype), ids)
    return [array_ops.where(sel, array_ops.gather(math_ops.realdiv(g, n), ids), array_ops.zeros_like(x)), None]


def _gather_drop_negatives(params, ids):
    safe = math_ops.maximum(ids, array_ops.zeros_like(ids))
    gathered = array_ops.gather(params, safe)
    keep = math_ops.greater_equal(ids, array_ops.zeros_like(ids))
    if gathered.shape.ndims is not None and ids.shape.ndims is not None:
        extra = gathered.shape.ndims - ids.shape.ndims
        if extra > 0:
            keep = array_ops.reshape(keep, array_ops.concat([array_ops.shape(keep), array_ops.ones([extra], core.int32)], 0))
    else:  # a gradient of unknown rank: the trailing dimensions at run time
        extra = array_ops.reshape(math_ops.subtract(array_ops.rank(gathered), array_ops.rank(ids)), [1])
        keep = array_ops.reshape(keep, array_ops.concat([array_ops.shape(keep), array_ops.fill(extra, _t(1))], 0))
    keep = math_ops.logical_and(keep, array_ops.ones_like(gathered, dtype=core.bool_))
    return array_ops.where(keep, gathered, array_ops.zeros_like(gathered)), keep


@core.register_gradient("UnsortedSegmentSum")
def _unsorted_sum_grad(op, g):
    return [_gather_drop_negatives(g, op.inputs[1])[0], None, None]


@core.register_gradient("UnsortedSegmentMax", "UnsortedSegmentMin")
def _unsorted_minmax_grad(op, g):
    x, ids, n = op.inputs
    gathered_out, keep = _gather_drop_negatives(op.outputs[0], ids)
    sel = math_ops.logical_and(math_ops.equal(x, gathered_out), keep)
    num = math_ops.unsorted_segment_sum(array_ops.cast(sel, g.dtype), ids, n)
    wg = math_ops.realdiv(g, num)
    gg, _ = _gather_drop_negatives(wg, ids)
    return [array_ops.where(sel, gg, array_ops.zeros_like(x)), None, None]


core.not_differentiable("Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual", "LogicalAnd",
                        "LogicalOr", "LogicalNot", "ArgMax", "ArgMin", "Floor", "Ceil", "Round", "Sign", "Range",
                        "FloorDiv", "FloorMod", "Bincount", "HistogramFixedWidth", "TruncateDiv", "Rint",
                        "LinSpace")

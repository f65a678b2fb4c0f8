"""Array, math, loss, schedule and control-flow APIs beyond the first cut: reverse, roll,
segment reductions, linspace, cumprod, unique, setdiff1d, bincount, searchsorted,
tensor scatters, histogram_fixed_width, in_top_k, atan2, truncatediv, rint, expm1, selu,
relu6 (kernels in runtime/kernels/kernels_array_extra.cc, gradients below); meshgrid,
tensordot, batch_gather, count_nonzero, confusion_matrix, weighted cross entropy, the TF1
tf.losses family with its reductions and the tf.train *_decay schedules, composed from
primitives in TF's own order of operations; tf.case, tf.scan / foldl / foldr,
tf.hessians and tf.TensorArray unrolled over static sizes (TF runs while loops; the values
are the same). `install(v1, v2)` adds the names to the API namespaces (api.py)."""
import collections
import math

import numpy as np

from . import control_flow, core, grads, nest, nn, ops, script_ops, variables
from .core import convert_to_tensor as _t


def _int(v, dtype=None):
    """An integer tensor: tensors as they are, Python values as int32 (or `dtype`)."""
    if isinstance(v, core.Tensor):
        return v
    if isinstance(v, variables.Variable):
        return _t(v)
    return _t(v, dtype=dtype or core.int32)


def _unsupported(what):
    raise core.UnsupportedSymbolError(what)


# ---------------------------------------------------------------------------- kernels
def reverse(tensor, axis, name=None):
    x, a = _t(tensor), _int(axis)
    return core.op1("ReverseV2", [x, a], {"T": x.dtype, "Tidx": a.dtype}, name or "ReverseV2")


def roll(input, shift, axis, name=None):
    x, s, a = _t(input), _int(shift), _int(axis)
    return core.op1("Roll", [x, s, a], {"T": x.dtype, "Tshift": s.dtype, "Taxis": a.dtype}, name or "Roll")


def _segment(op):
    def f(data, segment_ids, name=None):
        d, i = _t(data), _int(segment_ids)
        return core.op1(op, [d, i], {"T": d.dtype, "Tindices": i.dtype}, name or op)
    f.__name__ = op
    return f


def _unsorted_segment(op):
    def f(data, segment_ids, num_segments, name=None):
        d, i, n = _t(data), _int(segment_ids), _int(num_segments)
        return core.op1(op, [d, i, n], {"T": d.dtype, "Tindices": i.dtype, "Tnumsegments": n.dtype}, name or op)
    f.__name__ = op
    return f


segment_sum, segment_mean, segment_max, segment_min, segment_prod = (
    _segment(n) for n in ("SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd"))
unsorted_segment_sum, unsorted_segment_max, unsorted_segment_min, unsorted_segment_prod = (
    _unsorted_segment(n) for n in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
                                   "UnsortedSegmentProd"))


def linspace(start, stop, num, name=None, axis=0):
    s = _t(start)
    if s.dtype not in (core.float32, core.float64):
        s = _t(start, dtype=core.float32) if not isinstance(start, core.Tensor) else s
    e = _t(stop, dtype=s.dtype) if not isinstance(stop, core.Tensor) else _t(stop)
    if s.shape.ndims != 0 or e.shape.ndims != 0 or axis not in (0, None):
        _unsupported("tf.linspace with non-scalar start/stop")
    n = _int(num)
    return core.op1("LinSpace", [s, e, n], {"T": s.dtype, "Tidx": n.dtype}, name or "LinSpace")


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    x = _t(x)
    return core.op1("Cumprod", [x, _int(axis)], {"exclusive": bool(exclusive), "reverse": bool(reverse), "T": x.dtype},
                    name or "Cumprod")


Unique = collections.namedtuple("Unique", ["y", "idx"])
ListDiff = collections.namedtuple("ListDiff", ["out", "idx"])


def unique(x, out_idx=core.int32, name=None):
    x = _t(x)
    y, idx = core.apply_op("Unique", [x], {"T": x.dtype, "out_idx": core.as_dtype(out_idx)}, name or "Unique")
    return Unique(y, idx)


def setdiff1d(x, y, index_dtype=core.int32, name=None):
    x = _t(x)
    y = _t(y, dtype=x.dtype) if not isinstance(y, core.Tensor) else y
    out, idx = core.apply_op("ListDiff", [x, y], {"T": x.dtype, "out_idx": core.as_dtype(index_dtype)},
                             name or "ListDiff")
    return ListDiff(out, idx)


def invert_permutation(x, name=None):
    x = _int(x)
    return core.op1("InvertPermutation", [x], {"T": x.dtype}, name or "InvertPermutation")


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=core.int32, name=None, axis=None,
             binary_output=False):
    if axis is not None or binary_output:
        _unsupported("tf.math.bincount(axis=..., binary_output=...)")
    arr = _int(arr)
    if arr.dtype != core.int32:
        arr = ops.cast(arr, core.int32)
    known = grads._const_value(arr)
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
    nonempty = ops.greater(ops.reduce_prod(ops.shape(arr)), _t(0))
    size = ops.multiply(ops.cast(nonempty, core.int32), ops.add(ops.reduce_max(arr), _t(1)))
    if minlength is not None:
        size = ops.maximum(_int(minlength), size)
    if maxlength is not None:
        size = ops.minimum(_int(maxlength), size)
    w = _t(weights) if weights is not None else _t(np.zeros([0]), dtype=core.as_dtype(dtype))
    return core.op1("Bincount", [arr, size, w], {"T": w.dtype}, name or "Bincount")


def searchsorted(sorted_sequence, values, side="left", out_type=core.int32, name=None):
    s, v = _t(sorted_sequence), _t(values)
    if side not in ("left", "right"):
        raise ValueError("Argument `side` must be either 'right' or 'left'. Received: `side` = %s." % side)
    ss, vs = s.shape.as_list() if s.shape.ndims else None, v.shape.as_list() if v.shape.ndims else None
    if ss is None or vs is None or ss[-1] is None or vs[-1] is None:
        _unsupported("tf.searchsorted with an unknown last dimension")
    s2, v2 = ops.reshape(s, [-1, ss[-1]]), ops.reshape(v, [-1, vs[-1]])
    op = "UpperBound" if side == "right" else "LowerBound"
    out = core.op1(op, [s2, v2], {"T": s.dtype, "out_type": core.as_dtype(out_type)}, name or op)
    return ops.reshape(out, ops.shape(v) if None in vs else vs)


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    t, i = _t(tensor), _int(indices)
    u = _t(updates, dtype=t.dtype) if not isinstance(updates, core.Tensor) else updates
    return core.op1("TensorScatterUpdate", [t, i, u], {"T": t.dtype, "Tindices": i.dtype}, name or "TensorScatterUpdate")


def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    t, i = _t(tensor), _int(indices)
    u = _t(updates, dtype=t.dtype) if not isinstance(updates, core.Tensor) else updates
    return core.op1("TensorScatterAdd", [t, i, u], {"T": t.dtype, "Tindices": i.dtype}, name or "TensorScatterAdd")


def histogram_fixed_width(values, value_range, nbins=100, dtype=core.int32, name=None):
    v = _t(values)
    r = _t(value_range, dtype=v.dtype) if not isinstance(value_range, core.Tensor) else value_range
    return core.op1("HistogramFixedWidth", [v, r, _int(nbins)], {"T": v.dtype, "dtype": core.as_dtype(dtype)},
                    name or "HistogramFixedWidth")


def in_top_k(predictions, targets, k, name=None):
    p, t = _t(predictions), _int(targets)
    return core.op1("InTopKV2", [p, t, _t(k, dtype=t.dtype)], {"T": t.dtype}, name or "InTopKV2")


def in_top_k_v2(targets, predictions, k, name=None):
    return in_top_k(predictions, targets, k, name)


def _binary(op):
    def f(x, y, name=None):
        a = _t(x)
        b = _t(y, dtype=a.dtype) if not isinstance(y, core.Tensor) else y
        return core.op1(op, [a, b], {"T": a.dtype}, name or op)
    f.__name__ = op
    return f


atan2 = _binary("Atan2")
truncatediv = _binary("TruncateDiv")


def _unary(op):
    def f(x, name=None):
        x = _t(x)
        return core.op1(op, [x], {"T": x.dtype}, name or op)
    f.__name__ = op
    return f


rint, expm1, selu, relu6 = _unary("Rint"), _unary("Expm1"), _unary("Selu"), _unary("Relu6")


def _selu(features, name=None):
    return selu(features, name)


def _relu6(features, name=None):
    return relu6(features, name)


# ---------------------------------------------------------------------------- composites
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
    xs = [ops.reshape(_t(x), s0[:i] + (-1,) + s0[i + 1:]) for i, x in enumerate(args)]
    if indexing == "xy" and ndim > 1:
        xs[0] = ops.reshape(_t(args[0]), (1, -1) + (1,) * (ndim - 2))
        xs[1] = ops.reshape(_t(args[1]), (-1, 1) + (1,) * (ndim - 2))
    sizes = [_t(x).shape.num_elements() for x in args]
    if any(n is None for n in sizes):
        sizes = [ops.size(_t(x)) for x in args]
    dt = xs[0].dtype
    if indexing == "xy" and ndim > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    mult = ops.ones(ops.stack(sizes) if isinstance(sizes[0], core.Tensor) else sizes, dt)
    return [ops.multiply(x, mult) for x in xs]


def _tensordot_axes(a_rank, b_rank, axes):
    if isinstance(axes, core.Tensor):
        axes = axes._numpy() if isinstance(axes, core.EagerTensor) else grads._const_value(axes)
        if axes is None:
            _unsupported("tf.tensordot with computed axes")
        axes = axes.tolist()
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError("`axes` must be at least 0. Received: axes=%d." % axes)
        if axes > a_rank:
            raise ValueError("`axes` must not be larger than the number of dimensions of tensor %s.  "
                             "Received %d, vs tensor dimensions %d." % ("a", axes, a_rank))
        return list(range(a_rank - axes, a_rank)), list(range(axes))
    a_axes, b_axes = axes[0], axes[1]
    a_axes = [a_axes] if isinstance(a_axes, int) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, int) else list(b_axes)
    if len(a_axes) != len(b_axes):
        raise ValueError("Different number of contraction axes `a` and `b`, %s != %s." % (len(a_axes), len(b_axes)))
    return [x % a_rank if a_rank else x for x in a_axes], [x % b_rank if b_rank else x for x in b_axes]


def _tensordot_reshape(a, axes, flipped=False):
    shape = a.shape.as_list()
    free = [i for i in range(len(shape)) if i not in axes]
    free_dims = [shape[i] for i in free]
    prod_free = int(np.prod([shape[i] for i in free]))
    prod_axes = int(np.prod([shape[i] for i in axes]))
    perm = list(axes) + free if flipped else free + list(axes)
    new_shape = [prod_axes, prod_free] if flipped else [prod_free, prod_axes]
    t = ops.transpose(a, perm) if perm != list(range(len(shape))) else a
    if new_shape != shape:
        t = ops.reshape(t, new_shape)
    return t, free_dims


def tensordot(a, b, axes, name=None):
    a, b = _t(a), _t(b)
    if not a.shape.is_fully_defined() or not b.shape.is_fully_defined():
        _unsupported("tf.tensordot with operands of unknown shape")
    a_axes, b_axes = _tensordot_axes(a.shape.ndims, b.shape.ndims, axes)
    ar, a_free = _tensordot_reshape(a, a_axes)
    br, b_free = _tensordot_reshape(b, b_axes, True)
    ab = ops.matmul(ar, br)
    out = a_free + b_free
    return ab if ab.shape.as_list() == out else ops.reshape(ab, out)


def batch_gather(params, indices, name=None):
    p, i = _t(params), _int(indices)
    if i.shape.ndims is None:
        raise ValueError("batch_gather does not allow indices with unknown shape.")
    bd = i.shape.ndims - 1
    ps, is_ = p.shape.as_list(), i.shape.as_list()
    if p.shape.ndims is None or any(d is None for d in ps[:bd + 1]) or any(d is None for d in is_[:bd]):
        _unsupported("tf.batch_gather over batch dimensions of unknown size")
    if bd == 0:
        return ops.gather(p, i)
    nb = int(np.prod(ps[:bd]))
    n = ps[bd]
    offs = ops.reshape(ops.multiply(ops.range(nb), _t(n)), ps[:bd] + [1] * (len(is_) - bd))
    flat = ops.reshape(p, [-1] + ps[bd + 1:])
    return ops.gather(flat, ops.add(ops.cast(i, core.int32), offs))


def count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=core.int64, name=None, reduction_indices=None,
                  keep_dims=None, input=None):
    x = _t(input_tensor if input_tensor is not None else input)
    axis = axis if axis is not None else reduction_indices
    keepdims = bool(keepdims if keepdims is not None else keep_dims)
    zero = ops.zeros([], dtype=x.dtype)
    nz = ops.cast(ops.not_equal(x, zero), core.int64)
    return ops.cast(ops.reduce_sum(nz, axis=axis, keepdims=keepdims), core.as_dtype(dtype))


def count_nonzero_v2(input, axis=None, keepdims=None, dtype=core.int64, name=None):
    return count_nonzero(input, axis=axis, keepdims=keepdims, dtype=dtype)


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=core.int32, name=None):
    from . import composite
    dtype = core.as_dtype(dtype)
    l, p = ops.cast(_t(labels), core.int64), ops.cast(_t(predictions), core.int64)
    if num_classes is None:
        n = ops.add(ops.maximum(ops.reduce_max(p), ops.reduce_max(l)), _t(1, dtype=core.int64))
    else:
        n = ops.cast(_int(num_classes), core.int64)
    values = ops.ones_like(p, dtype=dtype) if weights is None else ops.cast(_t(weights), dtype)
    return composite.scatter_nd(ops.stack([l, p], axis=1), values, ops.stack([n, n]))


def weighted_cross_entropy_with_logits(labels=None, logits=None, pos_weight=None, name=None, targets=None):
    logits = _t(logits)
    labels = _t(labels if labels is not None else targets, dtype=logits.dtype)
    pw = _t(pos_weight, dtype=logits.dtype)
    one = _t(1.0, dtype=logits.dtype)
    log_weight = ops.add(one, ops.multiply(ops.subtract(pw, one), labels))
    return ops.add(ops.multiply(ops.subtract(one, labels), logits),
                   ops.multiply(log_weight, ops.add(ops.log1p(ops.exp(ops.negative(ops.abs(logits)))),
                                                    ops.relu(ops.negative(logits)))))


def weighted_cross_entropy_with_logits_v2(labels, logits, pos_weight, name=None):
    return weighted_cross_entropy_with_logits(labels=labels, logits=logits, pos_weight=pos_weight, name=name)


# ---------------------------------------------------------------------------- gradients
def _div_no_nan(x, y):
    return core.op1("DivNoNan", [x, y], {"T": x.dtype}, "div_no_nan")


def _gather_drop_negatives(params, ids):
    safe = ops.maximum(ids, ops.zeros_like(ids))
    gathered = ops.gather(params, safe)
    keep = ops.greater_equal(ids, ops.zeros_like(ids))
    if gathered.shape.ndims is not None and ids.shape.ndims is not None:
        extra = gathered.shape.ndims - ids.shape.ndims
        if extra > 0:
            keep = ops.reshape(keep, ops.concat([ops.shape(keep), ops.ones([extra], core.int32)], 0))
    else:  # a gradient of unknown rank: the trailing dimensions at run time
        extra = ops.reshape(ops.subtract(ops.rank(gathered), ops.rank(ids)), [1])
        keep = ops.reshape(keep, ops.concat([ops.shape(keep), ops.fill(extra, _t(1))], 0))
    keep = ops.logical_and(keep, ops.ones_like(gathered, dtype=core.bool_))
    return ops.where(keep, gathered, ops.zeros_like(gathered)), keep


def _register_gradients():
    @grads.register("ReverseV2")
    def _reverse_grad(op, g):
        return [reverse(g, op.inputs[1]), None]

    @grads.register("Roll")
    def _roll_grad(op, g):
        return [roll(g, ops.negative(op.inputs[1]), op.inputs[2]), None, None]

    @grads.register("SegmentSum")
    def _segment_sum_grad(op, g):
        return [ops.gather(g, op.inputs[1]), None]

    @grads.register("SegmentMean")
    def _segment_mean_grad(op, g):
        x = op.inputs[0]
        r = x.shape.ndims
        ones_shape = ops.concat([ops.shape(x)[0:1], ops.ones([r - 1], core.int32)], 0)
        counts = segment_sum(ops.ones(ones_shape, g.dtype), op.inputs[1])
        return [ops.gather(ops.realdiv(g, counts), op.inputs[1]), None]

    @grads.register("SegmentMax", "SegmentMin")
    def _segment_minmax_grad(op, g):
        x, ids = op.inputs[0], op.inputs[1]
        sel = ops.equal(x, ops.gather(op.outputs[0], ids))
        n = segment_sum(ops.cast(sel, g.dtype), ids)
        return [ops.where(sel, ops.gather(ops.realdiv(g, n), ids), ops.zeros_like(x)), None]

    @grads.register("UnsortedSegmentSum")
    def _unsorted_sum_grad(op, g):
        return [_gather_drop_negatives(g, op.inputs[1])[0], None, None]

    @grads.register("UnsortedSegmentMax", "UnsortedSegmentMin")
    def _unsorted_minmax_grad(op, g):
        x, ids, n = op.inputs
        gathered_out, keep = _gather_drop_negatives(op.outputs[0], ids)
        sel = ops.logical_and(ops.equal(x, gathered_out), keep)
        num = unsorted_segment_sum(ops.cast(sel, g.dtype), ids, n)
        wg = ops.realdiv(g, num)
        gg, _ = _gather_drop_negatives(wg, ids)
        return [ops.where(sel, gg, ops.zeros_like(x)), None, None]

    @grads.register("Cumprod")
    def _cumprod_grad(op, g):
        from . import composite
        x, axis = op.inputs
        ex, rev = op.get_attr("exclusive"), op.get_attr("reverse")
        prod = cumprod(x, axis, exclusive=ex, reverse=rev)
        out = composite.cumsum(ops.multiply(prod, g), axis, exclusive=ex, reverse=not rev)
        return [_div_no_nan(out, x), None]

    @grads.register("TensorScatterUpdate")
    def _tsu_grad(op, g):
        from . import composite
        idx, upd = op.inputs[1], op.inputs[2]
        return [tensor_scatter_nd_update(g, idx, ops.zeros_like(upd)), None, composite.gather_nd(g, idx)]

    @grads.register("TensorScatterAdd")
    def _tsa_grad(op, g):
        from . import composite
        return [g, None, composite.gather_nd(g, op.inputs[1])]

    @grads.register("Atan2")
    def _atan2_grad(op, g):
        y, x = op.inputs
        inv = ops.reciprocal(ops.add(ops.square(x), ops.square(y)))
        return [grads._unbroadcast(ops.multiply(g, ops.multiply(x, inv)), y),
                grads._unbroadcast(ops.multiply(g, ops.multiply(ops.negative(y), inv)), x)]

    @grads.register("Expm1")
    def _expm1_grad(op, g):
        return [ops.multiply(g, ops.exp(op.inputs[0]))]

    @grads.register("Selu")
    def _selu_grad(op, g):
        y = op.outputs[0]
        sa = _t(1.7580993408473768599402175208123, dtype=y.dtype)
        sc = _t(1.0507009873554804934193349852946, dtype=y.dtype)
        return [ops.where(ops.less(y, ops.zeros_like(y)), ops.multiply(g, ops.add(y, sa)), ops.multiply(g, sc))]

    @grads.register("Relu6")
    def _relu6_grad(op, g):
        x = op.inputs[0]
        inside = ops.logical_and(ops.greater(x, ops.zeros_like(x)), ops.less(x, _t(6, dtype=x.dtype)))
        return [ops.where(inside, g, ops.zeros_like(g))]

    if "DivNoNan" not in grads._GRADS:
        @grads.register("DivNoNan")
        def _div_no_nan_grad(op, g):
            x, y = op.inputs
            return [grads._unbroadcast(_div_no_nan(g, y), x),
                    grads._unbroadcast(ops.multiply(g, _div_no_nan(_div_no_nan(ops.negative(x), y), y)), y)]

    if "StridedSliceGrad" not in grads._GRADS:  # second derivatives through slices (tf.hessians)
        @grads.register("StridedSliceGrad")
        def _strided_slice_grad_grad(op, g):
            attrs = {k: op.get_attr(k) for k in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                                 "shrink_axis_mask")}
            attrs["T"] = g.dtype
            return [None, None, None, None,
                    core.op1("StridedSlice", [g, op.inputs[1], op.inputs[2], op.inputs[3]], attrs, "StridedSlice")]

    if "Unpack" not in grads._GRADS:  # unrolled scan / foldl / TensorArray.unstack
        @grads.register("Unpack")
        def _unpack_grad(op, *gs):
            gs = [ops.zeros_like(o) if g is None else g for g, o in zip(gs, op.outputs)]
            return [ops.stack(gs, axis=op.get_attr("axis") or 0)]

    static_gather_grad = grads._GRADS.get("GatherV2")

    @grads.register("GatherV2")
    def _gather_grad(op, g):
        """Params of unknown shape (TensorArray buffers in loops), axis 0: the dense form of
        TF's IndexedSlices gradient, unsorted_segment_sum; otherwise the static gradient."""
        p, idx, axis = op.inputs
        ax = grads._const_value(axis)
        if grads._static(p) is not None or static_gather_grad is None or ax is None or int(np.asarray(ax)) != 0:
            return static_gather_grad(op, g)
        rows = ops.shape(p)[0]
        flat_idx = ops.reshape(idx, [-1])
        g2 = ops.reshape(g, ops.concat([ops.reshape(ops.size(flat_idx), [1]), ops.shape(p)[1:]], 0))
        return [unsorted_segment_sum(g2, flat_idx, rows), None, None]

    if "Fill" not in grads._GRADS:  # TF's _FillGrad
        @grads.register("Fill")
        def _fill_grad(op, g):
            return [None, ops.reduce_sum(g)]

    if "BroadcastTo" not in grads._GRADS:
        @grads.register("BroadcastTo")
        def _broadcast_to_grad(op, g):
            return [grads._unbroadcast(g, op.inputs[0]), None]

    grads._NO_GRAD.update({"Unique", "ListDiff", "InvertPermutation", "Bincount", "LowerBound", "UpperBound",
                           "HistogramFixedWidth", "InTopKV2", "TruncateDiv", "Rint", "LinSpace"})


_register_gradients()


# ---------------------------------------------------------------------------- tf.losses (TF1)
class Reduction:
    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE, cls.SUM_OVER_NONZERO_WEIGHTS,
                cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError("Invalid Reduction Key %s." % key)


_LOSSES = "losses"


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=_LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    Reduction.validate(reduction)
    losses = _t(losses)
    input_dtype = losses.dtype
    losses = ops.cast(losses, core.float32)
    w = ops.cast(_t(weights), core.float32)
    weighted = ops.multiply(losses, w)
    if reduction == Reduction.NONE:
        loss = weighted
    else:
        loss = ops.reduce_sum(weighted)
        if reduction == Reduction.MEAN:
            loss = _div_no_nan(loss, ops.reduce_sum(ops.multiply(ops.ones_like(losses), w)))
        elif reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
            present = ops.where(ops.equal(w, _t(0.0)), ops.zeros_like(w), ops.ones_like(w))
            present = ops.multiply(present, ops.ones_like(losses))
            loss = _div_no_nan(loss, ops.reduce_sum(present))
        elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
            loss = _div_no_nan(loss, ops.cast(ops.size(losses), core.float32))
    loss = ops.cast(loss, input_dtype)
    if loss_collection and not core.executing_eagerly():
        core.get_default_graph().add_to_collection(loss_collection, loss)
    return loss


def _check_pair(labels, predictions):
    if labels is None:
        raise ValueError("Argument `labels` must not be None.")
    if predictions is None:
        raise ValueError("Argument `predictions` must not be None.")
    p = ops.cast(_t(predictions), core.float32)
    l = ops.cast(_t(labels), core.float32)
    if not p.shape.is_compatible_with(l.shape):
        raise ValueError("Shapes %s and %s are incompatible" % (p.shape, l.shape))
    return l, p


def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=_LOSSES,
                        reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    return compute_weighted_loss(ops.abs(ops.subtract(p, l)), weights, scope, loss_collection, reduction)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=_LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    abs_error = ops.abs(ops.subtract(p, l))
    d = _t(delta, dtype=core.float32)
    quadratic = ops.minimum(abs_error, d)
    linear = ops.subtract(abs_error, quadratic)
    losses = ops.add(ops.multiply(_t(0.5, dtype=core.float32), ops.multiply(quadratic, quadratic)),
                     ops.multiply(d, linear))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=_LOSSES,
             reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    eps = _t(epsilon, dtype=core.float32)
    one = _t(1.0, dtype=core.float32)
    losses = ops.subtract(ops.negative(ops.multiply(l, ops.log(ops.add(p, eps)))),
                          ops.multiply(ops.subtract(one, l), ops.log(ops.add(ops.subtract(one, p), eps))))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=_LOSSES,
                       reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    return compute_weighted_loss(ops.squared_difference(p, l), weights, scope, loss_collection, reduction)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=_LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    if labels is None:
        raise ValueError("Argument `labels` must not be None.")
    logits = ops.cast(_t(logits), core.float32)
    labels = ops.cast(_t(labels), core.float32)
    ones = ops.ones_like(labels)
    labels = ops.subtract(ops.multiply(_t(2.0), labels), ones)
    losses = ops.relu(ops.subtract(ones, ops.multiply(labels, logits)))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=_LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    if multi_class_labels is None:
        raise ValueError("Argument `multi_class_labels` must not be None.")
    if logits is None:
        raise ValueError("Argument `logits` must not be None.")
    logits = _t(logits)
    labels = ops.cast(_t(multi_class_labels), logits.dtype)
    if not logits.shape.is_compatible_with(labels.shape):
        raise ValueError("Shapes %s and %s are incompatible" % (logits.shape, labels.shape))
    if label_smoothing > 0:
        labels = ops.add(ops.multiply(labels, _t(1 - label_smoothing, dtype=labels.dtype)),
                         _t(0.5 * label_smoothing, dtype=labels.dtype))
    losses = nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits, name="xentropy")
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def get_losses(scope=None, loss_collection=_LOSSES):
    return core.get_default_graph().get_collection(loss_collection, scope)


def add_loss(loss, loss_collection=_LOSSES):
    if loss_collection and not core.executing_eagerly():
        core.get_default_graph().add_to_collection(loss_collection, loss)


def get_regularization_losses(scope=None):
    return core.get_default_graph().get_collection("regularization_losses", scope)


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    losses = get_losses(scope=scope)
    if add_regularization_losses:
        losses = losses + get_regularization_losses(scope=scope)
    return ops.add_n(losses, name=name)


# ---------------------------------------------------------------------------- tf.train schedules (TF1)
def _schedule(compute):
    """A tensor in a graph; eagerly, a function returning the decayed value (TF1's
    compat.v1 schedules re-read the step on every call)."""
    if core.executing_eagerly():
        return compute
    return compute()


def _step(global_step, dtype):
    s = global_step.value() if isinstance(global_step, variables.Variable) else global_step
    return ops.cast(_t(s), dtype)


def _require_step(global_step, what):
    if global_step is None:
        raise ValueError("global_step is required for %s." % what)


def piecewise_constant(x, boundaries, values, name=None):
    if len(boundaries) != len(values) - 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values")

    def compute():
        xs = _t(x.value() if isinstance(x, variables.Variable) else x)
        bs = [_t(b) for b in boundaries]
        bs = [ops.cast(b, xs.dtype) if b.dtype != xs.dtype else b for b in bs]
        vs = [_t(v) for v in values]
        r = vs[0]
        for b, v in zip(bs, vs[1:]):
            r = ops.where(ops.greater(xs, b), v, r)
        return r
    return _schedule(compute)


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    _require_step(global_step, "polynomial_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        end = ops.cast(_t(end_learning_rate), dt)
        pw = ops.cast(_t(power), dt)
        step = _step(global_step, dt)
        ds = ops.cast(_t(decay_steps), dt)
        if cycle:
            mult = ops.where(ops.equal(step, _t(0.0, dtype=dt)), _t(1.0, dtype=dt),
                             ops.ceil(ops.realdiv(step, _t(decay_steps, dtype=dt))))
            ds = ops.multiply(ds, mult)
        else:
            step = ops.minimum(step, ds)
        p = ops.realdiv(step, ds)
        return ops.add(ops.multiply(ops.subtract(lr, end), ops.pow(ops.subtract(_t(1.0, dtype=dt), p), pw)), end)
    return _schedule(compute)


def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    _require_step(global_step, "natural_exp_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        rate = ops.exp(ops.negative(_t(decay_rate)))
        p = ops.realdiv(_step(global_step, dt), ops.cast(_t(decay_steps), dt))
        if staircase:
            p = ops.floor(p)
        return ops.multiply(lr, ops.pow(ops.cast(rate, dt), p))
    return _schedule(compute)


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    _require_step(global_step, "inverse_time_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        p = ops.realdiv(_step(global_step, dt), ops.cast(_t(decay_steps), dt))
        if staircase:
            p = ops.floor(p)
        denom = ops.add(ops.cast(_t(1), dt), ops.multiply(ops.cast(_t(decay_rate), dt), p))
        return ops.realdiv(lr, denom)
    return _schedule(compute)


def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    _require_step(global_step, "cosine_decay")

    def compute():
        lr = _t(learning_rate)
        dt = lr.dtype
        ds = ops.cast(_t(decay_steps), dt)
        step = ops.minimum(_step(global_step, dt), ds)
        frac = ops.realdiv(step, ds)
        cosd = ops.multiply(_t(0.5, dtype=dt), ops.add(_t(1.0, dtype=dt), ops.cos(ops.multiply(_t(math.pi, dtype=dt), frac))))
        decayed = ops.add(ops.multiply(_t(1 - alpha, dtype=dt), cosd), _t(alpha, dtype=dt))
        return ops.multiply(lr, decayed)
    return _schedule(compute)


# ---------------------------------------------------------------------------- control
def _pairs(pred_fn_pairs, exclusive):
    if isinstance(pred_fn_pairs, collections.OrderedDict):
        return list(pred_fn_pairs.items())
    if isinstance(pred_fn_pairs, dict):
        if core.executing_eagerly():
            if not exclusive:
                raise ValueError("Unordered dictionaries are not supported for the `pred_fn_pairs` argument when "
                                 "`exclusive=False` and eager mode is enabled.")
            return list(pred_fn_pairs.items())
        return sorted(pred_fn_pairs.items(), key=lambda item: item[0].name)
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError("`pred_fn_pairs` must be a list, tuple, or dict. Received: %s" % pred_fn_pairs)
    for p in pred_fn_pairs:
        if not isinstance(p, tuple) or len(p) != 2:
            raise TypeError("Each entry in `pred_fn_pairs` must be a 2-tuple. Received %s." % (p,))
        if not callable(p[1]):
            raise TypeError("fn for pred %s must be callable." % p[0].name)
    return list(pred_fn_pairs)


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """tf.case: TF's sequence of conds, innermost (last pair) first; without a default the
    last pair's fn is the default (TF asserts some predicate is true)."""
    pairs = _pairs(pred_fn_pairs, exclusive)
    if not pairs:
        if default is None:
            raise ValueError("Argument `pred_fn_pairs` must not be empty.")
        return default()
    preds = [_t(p) for p, _ in pairs]
    fns = [f for _, f in pairs]
    if core.executing_eagerly():
        # TF 2.21 checks `exclusive` in neither mode; without a default it asserts some
        # predicate holds (eagerly here; not yet in graphs, where the last fn runs)
        vals = [bool(p._numpy()) for p in preds]
        if default is None and not any(vals):
            raise core._BY_CODE[3](None, None, "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                   "Summarized data: b'Input error: None of conditions evaluated as True:'")
    check = None
    if default is None:
        if not core.executing_eagerly():
            # TF asserts that some predicate holds; here a host check (it fails the run,
            # as an UnknownError wrapping TF's InvalidArgumentError message)
            def _assert_some(vals):
                if not any(bool(v) for v in vals):
                    raise core._BY_CODE[3](None, None, "assertion failed: [Input error: None of conditions "
                                           "evaluated as True:] [%s]" % " ".join("0" for _ in vals))
                return []
            check = script_ops.host_call(_assert_some, [ops.cast(p, core.bool_) for p in preds], [], "Assert")
        default = fns[-1]
        preds, fns = preds[:-1], fns[:-1]
        if not preds:
            prev = default()
    if preds:
        prev = None
        for i, (p, f) in enumerate(list(zip(preds, fns))[::-1]):
            other = default if i == 0 else (lambda v=prev: v)
            prev = control_flow.cond(p, f, other, strict=strict)
    if check is not None:
        with control_flow.control_dependencies([check]):
            prev = nest.map_structure(lambda t: ops.identity(t) if isinstance(t, core.Tensor) else t, prev)
    return prev


def _leading(flat, what):
    n = flat[0].shape.as_list()[0] if flat[0].shape.ndims else None
    if n is None:
        if core.executing_eagerly():
            return int(flat[0]._numpy().shape[0])
        _unsupported("%s over a first dimension of unknown size" % what)
    return n


def _elements(elems, what):
    flat = [_t(e) for e in nest.flatten(elems)]
    n = _leading(flat, what)
    cols = [ops.unstack(e, num=n, axis=0) for e in flat]
    single = isinstance(elems, (core.Tensor, variables.Variable)) or not nest.is_nested(elems)
    items = [cols[0][i] if single else nest.pack_sequence_as(elems, [c[i] for c in cols]) for i in range(n)]
    return items, n


def _static_leading(elems):
    flat = [_t(e) for e in nest.flatten(elems)]
    return core.executing_eagerly() or (flat[0].shape.ndims and flat[0].shape.as_list()[0] is not None)


def _loop_over(fn, elems, initializer, rev, keep_all):
    """TF's own scan / fold for a first dimension of unknown size: a while_loop reading
    the elements from TensorArrays (and, for scan, writing every accumulator)."""
    flat = [_t(e) for e in nest.flatten(elems)]
    n = ops.shape(flat[0])[0]
    elems_ta = [TensorArray(e.dtype, size=n).unstack(e) for e in flat]
    last = ops.subtract(n, _t(1))
    if initializer is None:
        a_flat = [ta.read(last if rev else 0) for ta in elems_ta]
        a_struct = elems
        start = 1
    else:
        a_flat = [_t(a) for a in nest.flatten(initializer)]
        a_struct = initializer
        start = 0
    accs = [TensorArray(a.dtype, size=n, element_shape=a.shape) for a in a_flat]
    if initializer is None and keep_all:
        accs = [ta.write(last if rev else 0, a) for ta, a in zip(accs, a_flat)]

    def pack_elems(vals):
        return vals[0] if not nest.is_nested(elems) else nest.pack_sequence_as(elems, vals)

    def body(i, a_vals, tas):
        packed_a = a_vals[0] if not nest.is_nested(a_struct) else nest.pack_sequence_as(a_struct, list(a_vals))
        out = fn(packed_a, pack_elems([ta.read(i) for ta in elems_ta]))
        out_flat = [_t(o) for o in nest.flatten(out)]
        if keep_all:
            tas = [ta.write(i, v) for ta, v in zip(tas, out_flat)]
        return (ops.subtract(i, _t(1)) if rev else ops.add(i, _t(1)), out_flat, tas)

    i0 = ops.subtract(ops.subtract(n, _t(1)), _t(start)) if rev else _t(start)
    cond = (lambda i, a, t: ops.greater_equal(i, _t(0))) if rev else (lambda i, a, t: ops.less(i, n))
    _, a_out, tas = while_loop(cond, body, (i0, a_flat, accs))
    if keep_all:
        res = [ta.stack() for ta in tas]
    else:
        res = list(a_out)
    return res[0] if not nest.is_nested(a_struct) else nest.pack_sequence_as(a_struct, res)


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, infer_shape=True,
         reverse=False, name=None):
    if not _static_leading(elems):
        return _loop_over(fn, elems, initializer, reverse, True)
    items, n = _elements(elems, "tf.scan")
    order = list(range(n))[::-1] if reverse else list(range(n))
    if initializer is None:
        if n == 0:
            raise ValueError("tf.scan over an empty first dimension needs an initializer")
        a = items[order[0]]
        outs = {order[0]: a}
        order = order[1:]
    else:
        a = nest.map_structure(_t, initializer)
        outs = {}
    for i in order:
        a = fn(a, items[i])
        outs[i] = a
    if not outs:
        _unsupported("tf.scan over an empty first dimension")
    seq = [nest.flatten(outs[i]) for i in sorted(outs)]
    stacked = [ops.stack([_t(s[k]) for s in seq]) for k in range(len(seq[0]))]
    return nest.pack_sequence_as(outs[sorted(outs)[0]], stacked)


def _fold(fn, elems, initializer, rev, what):
    if not _static_leading(elems):
        return _loop_over(fn, elems, initializer, rev, False)
    items, n = _elements(elems, what)
    order = list(range(n))[::-1] if rev else list(range(n))
    if initializer is None:
        if n == 0:
            raise ValueError("%s over an empty first dimension needs an initializer" % what)
        a, order = items[order[0]], order[1:]
    else:
        a = nest.map_structure(_t, initializer)
    for i in order:
        a = fn(a, items[i])
    return a


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    return _fold(fn, elems, initializer, False, "tf.foldl")


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    return _fold(fn, elems, initializer, True, "tf.foldr")


def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    xs = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    first = grads.gradients(ys, xs)
    out = []
    for g, x in zip(first, xs):
        x = _t(x) if not isinstance(x, variables.Variable) else x
        xshape = x.shape.as_list() if x.shape.is_fully_defined() else None
        if xshape is None:
            _unsupported("tf.hessians with respect to a tensor of unknown shape")
        n = int(np.prod(xshape))
        flat = ops.reshape(g, [-1])
        rows = []
        for j in range(n):
            r = grads.gradients(flat[j], x)[0]
            if r is None:
                r = ops.zeros(xshape, x.dtype)
            rows.append(r)
        out.append(ops.reshape(ops.stack(rows), xshape + xshape))
    return out


class TensorArray:
    """tf.TensorArray. Eagerly, in graphs and in unrolled loops it is a Python list of
    element tensors. Carried through a graph tf.while_loop (or created with a computed size
    in a graph) it becomes a dense buffer [size, *element] updated with
    TensorScatterUpdate; a buffer whose element shape is not known yet starts as an empty
    tensor of unknown shape and is allocated by the first write."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None):
        self._dtype = core.as_dtype(dtype)
        if size is None and not dynamic_size:
            raise ValueError("Size must be provided if handle is not provided")
        self._dynamic = bool(dynamic_size)
        self._element_shape = core.TensorShape(element_shape) if element_shape is not None else None
        self._buf = None
        self._size_t = None
        if isinstance(size, core.Tensor):
            v = size._numpy() if isinstance(size, core.EagerTensor) else grads._const_value(size)
            if v is None:
                self._size, self._size_t, self._elems = None, size, []
                self._buf = self._empty_buffer()
                return
            size = int(v)
        self._size = int(size or 0)
        self._elems = [None] * self._size

    dtype = property(lambda self: self._dtype)
    dynamic_size = property(lambda self: self._dynamic)

    @property
    def element_shape(self):
        return self._element_shape if self._element_shape is not None else core.TensorShape(None)

    # -- list mode
    def _copy(self, elems=None, buf=None):
        t = object.__new__(TensorArray)
        t.__dict__.update(self.__dict__)
        if buf is not None:
            t._buf = buf
        else:
            t._elems = elems
            t._size = len(elems)
        return t

    def _index(self, index):
        i = index
        if isinstance(i, core.Tensor):
            v = i._numpy() if isinstance(i, core.EagerTensor) else grads._const_value(i)
            if v is None:
                return None
            i = int(v)
        return int(i)

    def _note_shape(self, v):
        if v.shape.ndims is not None and (self._element_shape is None or self._element_shape.ndims is None):
            self._element_shape = v.shape

    def _value(self, value):
        v = _t(value, dtype=self._dtype) if not isinstance(value, core.Tensor) else value
        if v.dtype != self._dtype:
            raise core._BY_CODE[3](None, None, "TensorArray dtype is %s but Op is trying to write dtype %s "
                                   % (self._dtype.name, v.dtype.name))
        return v

    def write(self, index, value, name=None):
        v = self._value(value)
        i = self._index(index)
        if self._buf is not None or i is None:
            return self._as_buffer_ta()._buffer_write(index, v)
        elems = list(self._elems)
        if i >= len(elems):
            if not self._dynamic:  # eagerly TF raises OutOfRangeError (a Python list there)
                code = 11 if core.executing_eagerly() else 3
                raise core._BY_CODE[code](None, None, "Tried to write to index %d but array is not resizeable and "
                                          "size is: %d " % (i, len(elems)))
            elems.extend([None] * (i + 1 - len(elems)))
        if i < 0:
            raise core._BY_CODE[3](None, None, "Tried to write to index %d but array is not resizeable and size "
                                   "is: %d " % (i, len(elems)))
        elems[i] = v
        t = self._copy(elems)
        t._note_shape(v)
        return t

    def read(self, index, name=None):
        i = self._index(index)
        if self._buf is not None or i is None:
            return ops.gather(self._as_buffer_ta()._buf, _int(index))
        if i < 0 or i >= len(self._elems):
            raise core._BY_CODE[3](None, None, "Tried to read from index %d but array size is: %d " % (i, len(self._elems)))
        v = self._elems[i]
        if v is None:
            if self._element_shape is not None and self._element_shape.is_fully_defined():
                return ops.zeros(self._element_shape.as_list(), self._dtype)
            _unsupported("tf.TensorArray.read of an unwritten element")
        return v

    def stack(self, name=None):
        if self._buf is not None:
            return self._static_buffer()
        if not self._elems:
            if self._element_shape is not None and self._element_shape.is_fully_defined():
                return ops.zeros([0] + self._element_shape.as_list(), self._dtype)
            _unsupported("tf.TensorArray.stack of an empty array")
        return ops.stack([self.read(i) for i in range(len(self._elems))])

    def _static_indices(self, indices):
        if isinstance(indices, core.EagerTensor):
            return indices._numpy()
        if isinstance(indices, core.Tensor):
            return grads._const_value(indices)
        return np.asarray(indices)

    def gather(self, indices, name=None):
        idx = self._static_indices(indices)
        if self._buf is not None or idx is None:
            return ops.gather(self._as_buffer_ta()._buf, _int(indices))
        return ops.stack([self.read(int(i)) for i in np.asarray(idx).reshape(-1)])

    def concat(self, name=None):
        if self._buf is not None:
            b = self._buf
            return ops.reshape(b, ops.concat([_t([-1]), ops.shape(b)[2:]], 0))
        return ops.concat([self.read(i) for i in range(len(self._elems))], 0)

    def unstack(self, value, name=None):
        v = self._value(value)
        if self._buf is not None:
            t = self._copy(buf=v)
            t._note_shape(v[0] if v.shape.ndims else v)
            return t
        n = _leading([v], "tf.TensorArray.unstack")
        elems = list(ops.unstack(v, num=n, axis=0)) if n else []
        if len(elems) < len(self._elems):
            elems += self._elems[len(elems):]
        elif len(elems) > len(self._elems) and not self._dynamic and self._size:
            raise core._BY_CODE[3](None, None, "Tried to write to index %d but array is not resizeable and size is: "
                                   "%d " % (len(elems) - 1, len(self._elems)))
        t = self._copy(elems)
        if elems:
            t._note_shape(elems[0])
        return t

    def scatter(self, indices, value, name=None):
        idx = self._static_indices(indices)
        v = self._value(value)
        if self._buf is not None or idx is None:
            t = self._as_buffer_ta()
            ii = ops.reshape(_int(indices), [-1, 1])
            buf = t._ensure(ops.reduce_max(ii), v[0])
            return t._copy(buf=tensor_scatter_nd_update(buf, ii, v))
        parts = ops.unstack(v, num=len(np.asarray(idx).reshape(-1)), axis=0)
        ta = self
        for i, p in zip(np.asarray(idx).reshape(-1).tolist(), parts):
            ta = ta.write(int(i), p)
        return ta

    def size(self, name=None):
        if self._buf is not None:
            if self._size is not None and not self._dynamic:
                return _t(self._size, dtype=core.int32)
            if self._size_t is not None and not self._dynamic:
                return ops.cast(self._size_t, core.int32)
            return ops.shape(ops.reshape(self._buf, [-1]) if self._buf.shape.ndims is None else self._buf)[0]
        return _t(len(self._elems), dtype=core.int32)

    def identity(self):
        return self._copy(buf=self._buf) if self._buf is not None else self._copy(list(self._elems))

    def close(self, name=None):
        return control_flow.no_op()

    def mark_used(self):
        pass

    # -- buffer mode
    def _empty_buffer(self):
        if self._element_shape is not None and self._element_shape.is_fully_defined() and self._size_t is None:
            return ops.zeros([self._size] + self._element_shape.as_list(), self._dtype)
        z = ops.zeros([0], self._dtype)
        return core.op1("PlaceholderWithDefault", [z], {"dtype": self._dtype, "shape": core.TensorShape(None)},
                        "TensorArrayBuffer")

    def _as_buffer_ta(self):
        if self._buf is not None:
            return self
        if core.executing_eagerly():
            _unsupported("tf.TensorArray at a computed index in eager mode")
        written = [e for e in self._elems if e is not None]
        es = self._element_shape
        if written and (es is None or not es.is_fully_defined()):
            es = written[0].shape
        if written:
            if es is None or not es.is_fully_defined():
                _unsupported("tf.TensorArray entering a loop with elements of unknown shape")
            elems = [e if e is not None else ops.zeros(es.as_list(), self._dtype) for e in self._elems]
            buf = ops.stack(elems)
        else:
            buf = self._empty_buffer()
        t = self._copy(buf=buf)
        t._element_shape = es
        return t

    def _target_rows(self, i):
        """Rows the buffer must have after writing row `i` (a tensor)."""
        if self._dynamic:
            need = ops.add(ops.cast(i, core.int32), _t(1))
            if self._size_t is not None:
                return ops.maximum(ops.cast(self._size_t, core.int32), need), True
            return ops.maximum(_t(self._size or 0), need), True
        if self._size_t is not None:
            return ops.cast(self._size_t, core.int32), False
        return _t(self._size), False

    def _ensure(self, i, v):
        """The buffer with its element shape taken from `v` and at least the rows TF's array has."""
        vshape = ops.shape(v)
        base = ops.reshape(self._buf, ops.concat([_t([-1]), vshape], 0))
        cur = ops.shape(base)[0]
        target, grow = self._target_rows(i)
        if grow:
            target = ops.maximum(target, cur)
        # the rows so far placed into zeros of the target size (differentiable, unlike a
        # concat along a dimension of unknown size)
        zeros = ops.zeros(ops.concat([ops.reshape(target, [1]), vshape], 0), self._dtype)
        return tensor_scatter_nd_update(zeros, ops.reshape(ops.range(cur), [-1, 1]), base)

    def _buffer_write(self, index, v):
        i = _int(index)
        buf = self._ensure(i, v)
        t = self._copy(buf=tensor_scatter_nd_update(buf, ops.reshape(ops.cast(i, core.int32), [1, 1]),
                                                    ops.expand_dims(v, 0)))
        t._note_shape(v)
        return t

    def _static_buffer(self):
        b = self._buf
        es = self._element_shape
        if self._size is not None and not self._dynamic and es is not None and es.is_fully_defined():
            want = [self._size] + es.as_list()
            cur = b.shape.as_list() if b.shape.ndims is not None else None
            if cur != want:
                b = ops.reshape(b, want)
        elif es is not None and es.is_fully_defined() and b.shape.ndims is None:
            b = ops.reshape(b, [-1] + es.as_list())  # rows unknown, element shape static
            b.set_shape([None] + es.as_list())
        return b


def _ta_in_loop(value, dtype=None, as_ref=False):
    _unsupported("tf.TensorArray as a loop variable here (tf.while_loop in graphs carries it)")


core.register_conversion(lambda v: isinstance(v, TensorArray), _ta_in_loop)


def _with_buffers(struct):
    return nest.map_structure(lambda v: v._as_buffer_ta()._buf if isinstance(v, TensorArray) else v, struct)


def _rewrap(templ, struct, shapes=None):
    ft, fs = nest.flatten(templ), nest.flatten(struct)
    out = []
    for k, (t, v) in enumerate(zip(ft, fs)):
        if isinstance(t, TensorArray):
            w = t._as_buffer_ta()._copy(buf=v) if t._buf is None else t._copy(buf=v)
            if shapes is not None and shapes.get(k) is not None:
                w._element_shape = shapes[k]
            out.append(w)
        else:
            out.append(v)
    return nest.pack_sequence_as(templ, out)


def while_loop(cond, body, loop_vars, *args, **kwargs):
    """control_flow.while_loop carrying tf.TensorArray loop variables as dense buffers (graphs)."""
    leaves = nest.flatten(loop_vars)
    if core.executing_eagerly() or not any(isinstance(v, TensorArray) for v in leaves):
        return _plain_while_loop(cond, body, loop_vars, *args, **kwargs)
    single = not isinstance(loop_vars, (list, tuple))
    templ = [loop_vars] if single else list(loop_vars)
    templ = [t._as_buffer_ta() if isinstance(t, TensorArray) else
             nest.map_structure(lambda v: v._as_buffer_ta() if isinstance(v, TensorArray) else v, t) for t in templ]
    shapes = {}

    def cond2(*a):
        return cond(*_rewrap(templ, list(a)))

    def body2(*a):
        out = body(*_rewrap(templ, list(a)))
        outl = [out] if single or not isinstance(out, (list, tuple)) else list(out)
        for k, v in enumerate(nest.flatten(outl)):
            if isinstance(v, TensorArray) and v._element_shape is not None:
                shapes[k] = v._element_shape
        res = _with_buffers(outl)
        return res[0] if single else (type(out)(res) if isinstance(out, tuple) else res)

    init = _with_buffers(templ)
    res = _plain_while_loop(cond2, body2, init[0] if single else (type(loop_vars)(init) if isinstance(loop_vars, tuple) else init),
                            *args, **kwargs)
    resl = [res] if single else list(res)
    out = _rewrap(templ, resl, shapes)
    return out[0] if single else (type(res)(out) if isinstance(res, tuple) else out)


_plain_while_loop = control_flow.while_loop


# ---------------------------------------------------------------------------- namespaces
def install(v1, v2):
    """Adds this module's names to the v1 and v2 API namespaces (called once by api._build)."""
    # tf.while_loop (and AutoGraph's loops, which call control_flow.while_loop) carry TensorArrays
    control_flow.while_loop = while_loop
    v2.while_loop = while_loop
    both = {
        "reverse": reverse, "roll": roll, "linspace": linspace, "meshgrid": meshgrid, "unique": unique,
        "searchsorted": searchsorted,
        "tensor_scatter_nd_update": tensor_scatter_nd_update, "tensor_scatter_nd_add": tensor_scatter_nd_add,
        "histogram_fixed_width": histogram_fixed_width, "tensordot": tensordot, "atan2": atan2,
        "truncatediv": truncatediv, "case": case, "scan": scan, "foldl": foldl, "foldr": foldr,
        "TensorArray": TensorArray, "hessians": hessians,
    }
    math_both = {
        "segment_sum": segment_sum, "segment_mean": segment_mean, "segment_max": segment_max,
        "segment_min": segment_min, "segment_prod": segment_prod, "unsorted_segment_sum": unsorted_segment_sum,
        "unsorted_segment_max": unsorted_segment_max, "unsorted_segment_min": unsorted_segment_min,
        "unsorted_segment_prod": unsorted_segment_prod, "cumprod": cumprod, "bincount": bincount, "atan2": atan2,
        "rint": rint, "expm1": expm1, "confusion_matrix": confusion_matrix,
        "invert_permutation": invert_permutation,
    }
    v1_top = dict(both, **{k: v for k, v in math_both.items() if k != "confusion_matrix"})
    v1_top.update({"reverse_v2": reverse, "truncatediv": truncatediv, "lin_space": linspace, "setdiff1d": setdiff1d,
                   "batch_gather": batch_gather, "count_nonzero": count_nonzero, "confusion_matrix": confusion_matrix,
                   "tensor_scatter_update": tensor_scatter_nd_update, "tensor_scatter_add": tensor_scatter_nd_add})
    for k, v in v1_top.items():
        setattr(v1, k, v)
    for k, v in both.items():
        setattr(v2, k, v)
    for mod, extra in ((v1.math, {"count_nonzero": count_nonzero, "in_top_k": in_top_k}),
                       (v2.math, {"count_nonzero": count_nonzero_v2, "in_top_k": in_top_k_v2})):
        for k, v in dict(math_both, **extra).items():
            setattr(mod, k, v)
    for mod in (v1.nn, v2.nn):
        mod.selu, mod.relu6 = _selu, _relu6
    v1.nn.in_top_k = in_top_k
    v2.nn.in_top_k = in_top_k_v2
    v1.nn.weighted_cross_entropy_with_logits = weighted_cross_entropy_with_logits
    v2.nn.weighted_cross_entropy_with_logits = weighted_cross_entropy_with_logits_v2
    v1.losses.Reduction = Reduction
    for k, v in {"mean_squared_error": mean_squared_error, "huber_loss": huber_loss, "log_loss": log_loss, "absolute_difference": absolute_difference,
                 "sigmoid_cross_entropy": sigmoid_cross_entropy, "hinge_loss": hinge_loss,
                 "compute_weighted_loss": compute_weighted_loss, "get_losses": get_losses, "add_loss": add_loss,
                 "get_regularization_losses": get_regularization_losses, "get_total_loss": get_total_loss}.items():
        setattr(v1.losses, k, v)
    for k, v in {"piecewise_constant": piecewise_constant, "piecewise_constant_decay": piecewise_constant,
                 "polynomial_decay": polynomial_decay, "natural_exp_decay": natural_exp_decay,
                 "inverse_time_decay": inverse_time_decay, "cosine_decay": cosine_decay}.items():
        setattr(v1.train, k, v)
    v2.linalg.tensordot = tensordot
    v1.linalg.tensordot = tensordot

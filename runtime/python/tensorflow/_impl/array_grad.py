"""Gradients of the array ops (array_ops.py)."""
import numpy as np

from . import array_ops, core, math_grad, math_ops


@core.register_gradient("Identity", "ReadVariableOp", "PlaceholderWithDefault")
def _identity(op, g):
    return [g]


@core.register_gradient("Reshape", "ExpandDims", "Squeeze")
def _reshape(op, g):
    x = op.inputs[0]
    xs = core.static_shape(x)
    return [array_ops.reshape(g, xs if xs is not None else array_ops.shape(x))] + [None] * (len(op.inputs) - 1)


@core.register_gradient("Cast")
def _cast(op, g):
    x = op.inputs[0]
    if x.dtype.is_floating and g.dtype.is_floating:
        return [array_ops.cast(g, x.dtype)]
    return [None]


@core.register_gradient("Transpose")
def _transpose(op, g):
    perm = core.constant_value(op.inputs[1])
    inv = np.argsort(np.asarray(perm)).astype(np.int32)
    return [array_ops.transpose(g, inv), None]


@core.register_gradient("Select", "SelectV2")
def _select(op, g):
    c, x, y = op.inputs
    z = array_ops.zeros_like(g)
    return [None, math_grad.unbroadcast(array_ops.where(c, g, z), x), math_grad.unbroadcast(array_ops.where(c, z, g), y)]


@core.register_gradient("ConcatV2")
def _concat(op, g):
    vals = op.inputs[:-1]
    axis = int(np.ravel(core.constant_value(op.inputs[-1]))[0])
    rank = vals[0].shape.ndims
    if axis < 0:
        axis += rank
    # only the sizes along the axis need to be static (the batch dimension may be unknown)
    sizes = [v.shape.as_list()[axis] if v.shape.ndims is not None else None for v in vals]
    if rank is None:
        raise NotImplementedError("gradient of tf.concat of inputs of unknown rank in the bundled runtime")
    if any(s is None for s in sizes):
        # sizes known only when running (map_fn's accumulators): slice by Shape values
        sizes = [s if s is not None else array_ops.shape(v, out_type=core.int32)[axis] for v, s in zip(vals, sizes)]
    out, start = [], 0
    for v, s in zip(vals, sizes):
        key = [slice(None)] * rank
        key[axis] = slice(start, start + s)
        out.append(g[tuple(key)])
        start += s
    return out + [None]


@core.register_gradient("Pack")
def _pack(op, g):
    return array_ops.unstack(g, num=len(op.inputs), axis=op.get_attr("axis"))


def _gather_static_grad(op, g):
    p, idx, axis = op.inputs
    ps = core.static_shape(p)
    iv = idx
    depth = ps[0]
    oh = array_ops.one_hot(array_ops.reshape(iv, [-1]), depth, dtype=g.dtype)     # [n, depth]
    g2 = array_ops.reshape(g, [-1, int(np.prod(ps[1:])) if len(ps) > 1 else 1])
    return [array_ops.reshape(math_ops.matmul(oh, g2, transpose_a=True), ps), None, None]


@core.register_gradient("GatherV2")
def _gather_grad(op, g):
    """Params of unknown shape (TensorArray buffers in loops), axis 0: the dense form of
    TF's IndexedSlices gradient, unsorted_segment_sum; otherwise the one-hot product."""
    p, idx, axis = op.inputs
    ax = core.constant_value(axis)
    if core.static_shape(p) is not None or ax is None or int(np.asarray(ax)) != 0:
        return _gather_static_grad(op, g)
    rows = array_ops.shape(p)[0]
    flat_idx = array_ops.reshape(idx, [-1])
    g2 = array_ops.reshape(g, array_ops.concat([array_ops.reshape(array_ops.size(flat_idx), [1]),
                                                array_ops.shape(p)[1:]], 0))
    return [math_ops.unsorted_segment_sum(g2, flat_idx, rows), None, None]


@core.register_gradient("Slice")
def _slice_grad(op, g):
    # TensorFlow's: the gradient padded back to the input's shape, begin before and the rest after
    x, begin = op.inputs[0], op.inputs[1]
    after = math_ops.subtract(math_ops.subtract(array_ops.shape(x, out_type=begin.dtype),
                                                array_ops.shape(op.outputs[0], out_type=begin.dtype)), begin)
    paddings = array_ops.stack([begin, after], axis=1)
    return [array_ops.pad(g, paddings), None, None]


@core.register_gradient("StridedSlice")
def _strided_slice(op, g):
    x = op.inputs[0]
    xs = core.static_shape(x)
    attrs = {k: op.get_attr(k) for k in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                         "shrink_axis_mask")}
    shape = array_ops.shape_tensor(xs) if xs is not None else array_ops.shape(x)
    return [core.op1("StridedSliceGrad", [shape, op.inputs[1], op.inputs[2], op.inputs[3], g], attrs,
                     "StridedSliceGrad"), None, None, None]


@core.register_gradient("StridedSliceGrad")
def _strided_slice_grad_grad(op, g):
    attrs = {k: op.get_attr(k) for k in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                         "shrink_axis_mask")}
    attrs["T"] = g.dtype
    return [None, None, None, None,
            core.op1("StridedSlice", [g, op.inputs[1], op.inputs[2], op.inputs[3]], attrs, "StridedSlice")]


@core.register_gradient("Unpack")
def _unpack_grad(op, *gs):
    gs = [array_ops.zeros_like(o) if g is None else g for g, o in zip(gs, op.outputs)]
    return [array_ops.stack(gs, axis=op.get_attr("axis") or 0)]


@core.register_gradient("Tile")
def _tile_grad(op, g):
    """TF's: the gradient reshaped to [m0, d0, m1, d1, ...] (multiples interleaved with the
    input's dimensions) and summed over the multiples' axes."""
    x, multiples = op.inputs
    x_shape = array_ops.shape(x, out_type=multiples.dtype)
    split_shape = array_ops.reshape(array_ops.transpose(array_ops.stack([multiples, x_shape])), [-1])
    axes = math_ops.range(0, array_ops.size(split_shape), 2)
    dx = math_ops.reduce_sum(array_ops.reshape(g, split_shape), axes)
    dx.set_shape(x.shape)
    return [dx, None]


@core.register_gradient("Fill")
def _fill_grad(op, g):
    return [None, math_ops.reduce_sum(g)]


@core.register_gradient("BroadcastTo")
def _broadcast_to_grad(op, g):
    return [math_grad.unbroadcast(g, op.inputs[0]), None]


@core.register_gradient("Pad", "PadV2")
def _pad_grad(op, g):
    x = op.inputs[0]
    p = np.asarray(core.constant_value(op.inputs[1])).reshape(-1, 2)
    key = []
    for before, after in p.tolist():
        key.append(slice(before, -after if after else None))
    return [g[tuple(key)], None] + ([None] if op.type == "PadV2" else [])


@core.register_gradient("ReverseV2")
def _reverse_grad(op, g):
    return [array_ops.reverse(g, op.inputs[1]), None]


@core.register_gradient("Roll")
def _roll_grad(op, g):
    return [array_ops.roll(g, math_ops.negative(op.inputs[1]), op.inputs[2]), None, None]


@core.register_gradient("GatherNd")
def _gather_nd_grad(op, g):
    p, i = op.inputs
    return [array_ops.scatter_nd(i, g, array_ops.shape(p, out_type=i.dtype)), None]


@core.register_gradient("ScatterNd")
def _scatter_nd_grad(op, g):
    return [None, array_ops.gather_nd(g, op.inputs[0]), None]


@core.register_gradient("TensorScatterUpdate")
def _tsu_grad(op, g):
    idx, upd = op.inputs[1], op.inputs[2]
    return [array_ops.tensor_scatter_nd_update(g, idx, array_ops.zeros_like(upd)), None, array_ops.gather_nd(g, idx)]


@core.register_gradient("TensorScatterAdd")
def _tsa_grad(op, g):
    return [g, None, array_ops.gather_nd(g, op.inputs[1])]


@core.register_gradient("CheckNumerics")
def _check_numerics(op, g):
    # as TF: the gradient is checked too, with the op's message after TF's own
    return [array_ops.check_numerics(g, "Not a number (NaN) or infinity (Inf) values detected in gradient. %s"
                               % op.get_attr("message"))]


core.not_differentiable("Shape", "Size", "Rank", "ZerosLike", "OnesLike", "Const", "Placeholder", "StopGradient",
                        "OneHot", "BroadcastGradientArgs", "Where", "Unique", "ListDiff", "InvertPermutation",
                        "LowerBound", "UpperBound")

"""Array ops (TensorFlow's array_ops): constants and placeholders, casts, shapes and
reshaping, transposes, concatenation, stacking and splitting, filling, selection,
gathers and scatters, padding, reversing and rolling, unique / setdiff1d / searchsorted,
and slicing (Tensor.__getitem__). Every function converts its arguments and calls
core.apply_op with TF's op name. Gradients are in array_grad.py."""
import builtins
import collections

import numpy as np

from . import core
from .core import apply_op, convert_to_tensor as _t, op1, Tensor


def int_tensor(v, dtype=None):
    """An integer tensor: tensors (and variables) as they are, Python values as int32 (or `dtype`)."""
    if isinstance(v, core.Tensor):
        return v
    if hasattr(v, "_as_tensor"):
        return _t(v)
    return _t(v, dtype=dtype or core.int32)


# ---------------------------------------------------------------------------- constants, placeholders
def constant(value, dtype=None, shape=None, name="Const", verify_shape=False):
    if isinstance(value, core.EagerTensor) and dtype is None and shape is None:
        return value if core.executing_eagerly() else core.constant_value_tensor(value._numpy(), value.dtype, name)
    if isinstance(value, core.Tensor):
        value = value._numpy() if isinstance(value, core.EagerTensor) else value
    return core.constant_value_tensor(value, dtype, name, shape)


def placeholder(dtype, shape=None, name=None):
    if core.executing_eagerly():
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    dtype = core.as_dtype(dtype)
    shape = core.TensorShape(shape)
    return core.op1("Placeholder", [], {"dtype": dtype, "shape": shape}, name or "Placeholder")


def placeholder_with_default(input, shape, name=None):
    x = core.convert_to_tensor(input)
    return core.op1("PlaceholderWithDefault", [x], {"dtype": x.dtype, "shape": core.TensorShape(shape)},
                    name or "PlaceholderWithDefault")


# ---------------------------------------------------------------------------- casts, identity
def cast(x, dtype, name=None):
    dtype = core.as_dtype(dtype)
    x = _t(x)
    if x.dtype == dtype:
        return x
    return op1("Cast", [x], {"SrcT": x.dtype, "DstT": dtype}, name or "Cast")


def identity_op(x, name=None):
    """The Identity node (tf.identity also reads a variable's value first)."""
    x = _t(x)
    return op1("Identity", [x], {"T": x.dtype}, name or "Identity")


def identity(x, name=None):
    if hasattr(x, "_as_tensor") and not isinstance(x, Tensor):
        x = x._as_tensor()
    x = _t(x)
    return op1("Identity", [x], {"T": x.dtype}, name or "Identity")


def stop_gradient(x, name=None):
    x = _t(x)
    return op1("StopGradient", [x], {"T": x.dtype}, name or "StopGradient")


def check_numerics(tensor, message, name=None):
    """tf.debugging.check_numerics: the tensor, or InvalidArgumentError on NaN / Inf."""
    x = _t(tensor)
    return op1("CheckNumerics", [x], {"T": x.dtype, "message": str(message)}, name or "CheckNumerics")


# ---------------------------------------------------------------------------- shapes
def shape_tensor(shape, name=None):
    if isinstance(shape, Tensor):
        return shape if shape.dtype in (core.int32, core.int64) else cast(shape, core.int32)
    if isinstance(shape, core.TensorShape):
        shape = shape.as_list()
    if isinstance(shape, (list, tuple)) and any(isinstance(s, Tensor) for s in shape):
        return stack([_t(s, dtype=core.int32) for s in shape])
    return _t(np.array(shape, dtype=np.int32).reshape(-1) if np.ndim(shape) else np.array(shape, dtype=np.int32), dtype=core.int32,
              name=name)


def _partial_shape(t):
    """The dimensions a shape tensor is known to hold before it runs (None where unknown), as
    TensorFlow's shape functions read one (constant_value_as_shape): a Const, a Pack of
    scalars (some Consts), a Shape, a ConcatV2 of those; None when not even its length is."""
    v = core.constant_value(t)
    if v is not None:
        return [None if int(d) < 0 else int(d) for d in np.reshape(v, [-1])]
    op = t.op
    if op.type == "Pack" and op.get_attr("axis") == 0:
        dims = []
        for i in op.inputs:
            c = core.constant_value(i)
            dims.append(None if c is None or np.ndim(c) or int(c) < 0 else int(c))
        return dims
    if op.type == "Shape":
        return core.static_dims(op.inputs[0])
    if op.type == "ConcatV2":
        parts = [_partial_shape(i) for i in op.inputs[:-1]]
        return None if any(p is None for p in parts) else [d for p in parts for d in p]
    n = t.shape.as_list()[0] if t.shape.ndims == 1 else None
    return [None] * n if n is not None else None


def reshape(tensor, shape, name=None):
    with core.op_scope(name, "Reshape") as scope:
        # TF's op_def_library converts Python inputs inside the op's scope ("Reshape/shape");
        # an empty list it converts as float32 first (a Const left unused), then as int32
        x = _t(tensor, name="tensor" if scope else None)
        if scope and isinstance(shape, (list, tuple)) and len(shape) == 0:
            _t([], name="shape")
        st = shape_tensor(shape, name="shape" if scope else None)
        out = op1("Reshape", [x, st], {"T": x.dtype}, scope or "Reshape")
    if not isinstance(out, core.EagerTensor) and not out.shape.is_fully_defined():
        dims = _partial_shape(st)
        if dims is not None and out.shape.is_compatible_with(dims):
            out.set_shape(dims)
    return out


def transpose(a, perm=None, name="transpose", conjugate=False):
    x = _t(a)
    if perm is None:
        r = x.shape.ndims
        perm = list(builtins.range(r - 1, -1, -1))
    return op1("Transpose", [x, _t(perm, dtype=core.int32)], {"T": x.dtype}, name)


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


# ---------------------------------------------------------------------------- concatenation, stacking, splitting
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


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    """tf.split as slices along `axis` (equal parts for an int, else the given sizes; one
    size may be -1)."""
    x = _t(value)
    dims = x.shape.as_list()
    axis = int(axis) + len(dims) if int(axis) < 0 else int(axis)
    total = dims[axis]
    if isinstance(num_or_size_splits, int):
        if total is None:
            raise core.UnsupportedSymbolError("tf.split along a dimension of unknown size")
        if total % num_or_size_splits:
            raise ValueError("Dimension size must be evenly divisible by %d but is %d" % (num_or_size_splits, total))
        sizes = [total // num_or_size_splits] * num_or_size_splits
    else:
        sizes = [int(s) for s in (num_or_size_splits.numpy() if hasattr(num_or_size_splits, "numpy") else num_or_size_splits)]
        if -1 in sizes:
            sizes[sizes.index(-1)] = total - (sum(sizes) + 1)
    out, start = [], 0
    for s in sizes:
        key = tuple([slice(None)] * axis + [slice(start, start + s)])
        out.append(x[key])
        start += s
    return out


# ---------------------------------------------------------------------------- filling
def fill(dims, value, name=None):
    with core.op_scope(name, "Fill") as scope:
        d = shape_tensor(dims, name="dims" if scope else None)
        v = _t(value, name="value" if scope else None)
        return op1("Fill", [d, v], {"T": v.dtype}, scope or "Fill")


def _filled(shape, value, dtype, name, default, numpy_fn):
    """tf.zeros / tf.ones: in a graph, a constant of the one value when the shape is static
    and small (TF's _constant_if_small: under 1000 elements), else Fill of a shape constant
    ("shape_as_tensor") and the value ("Const")."""
    static = not isinstance(shape, Tensor) and not any(
        isinstance(s, Tensor) for s in np.ravel(np.array(shape.as_list() if isinstance(shape, core.TensorShape)
                                                         else shape, dtype=object)))
    if core.executing_eagerly():
        if static:
            dims = shape.as_list() if isinstance(shape, core.TensorShape) else shape
            return core.constant_value_tensor(numpy_fn(dims), dtype, name or default)
        return fill(shape, _t(value, dtype=dtype), name=name or default)
    with core.op_scope(name, default) as scope:
        if static:
            dims = [int(d) for d in np.reshape(np.array(shape.as_list() if isinstance(shape, core.TensorShape) else shape,
                                                        dtype=np.int64), [-1])]
            if int(np.prod(dims)) < 1000:
                return core.constant_value_tensor(value, dtype, name=scope, shape=dims)
            big = any(d >= 2 ** 31 for d in dims)
            shape = _t(np.array(dims, dtype=np.int64 if big else np.int32), dtype=core.int64 if big else core.int32,
                       name="shape_as_tensor")
        elif not isinstance(shape, Tensor):
            shape = shape_tensor(shape)
        if shape.shape.ndims == 0:
            shape = reshape(shape, [-1])
        return op1("Fill", [shape, _t(value, dtype=dtype)], {"T": dtype}, scope)


def zeros(shape, dtype=core.float32, name=None):
    dtype = core.as_dtype(dtype)
    zero = b"" if dtype.name == "string" else (False if dtype.name == "bool" else 0)
    return _filled(shape, zero, dtype, name, "zeros",
                   lambda dims: np.zeros(dims, dtype=dtype.as_numpy_dtype) if dtype.name != "string"
                   else np.full(dims, b"", dtype=object))


def ones(shape, dtype=core.float32, name=None):
    dtype = core.as_dtype(dtype)
    return _filled(shape, True if dtype.name == "bool" else 1, dtype, name, "ones",
                   lambda dims: np.ones(dims, dtype=dtype.as_numpy_dtype))


def _shape_internal(x):
    """TF's shape_internal in a graph: the static shape as a Const "Shape/shape_as_tensor"
    when fully known (int64 when a dimension needs it), else a Shape op."""
    with core.op_scope(None, "Shape") as scope:
        if x.shape.is_fully_defined():
            dims = x.shape.as_list()
            big = any(d >= 2 ** 31 for d in dims)
            return _t(np.array(dims, dtype=np.int64 if big else np.int32), dtype=core.int64 if big else core.int32,
                      name="shape_as_tensor")
        return op1("Shape", [x], {"T": x.dtype, "out_type": core.int32}, scope)


def zeros_like(input, dtype=None, name=None, optimize=True):
    if core.executing_eagerly():
        x = _t(input)
        r = op1("ZerosLike", [x], {"T": x.dtype}, name or "zeros_like")
        return cast(r, dtype) if dtype is not None else r
    with core.op_scope(name, "zeros_like") as scope:
        x = _t(input, name="tensor")
        dtype = core.as_dtype(dtype) if dtype is not None else None
        if optimize and x.shape.is_fully_defined() and x.dtype.name != "resource":
            return zeros(x.shape, dtype or x.dtype, name=scope)
        if dtype is not None and dtype != x.dtype:
            return zeros(_shape_internal(x) if optimize else shape(x), dtype, name=scope)
        return op1("ZerosLike", [x], {"T": x.dtype}, scope)


def ones_like(input, dtype=None, name=None, optimize=True):
    if core.executing_eagerly():
        x = _t(input)
        r = op1("OnesLike", [x], {"T": x.dtype}, name or "ones_like")
        return cast(r, dtype) if dtype is not None else r
    with core.op_scope(name, "ones_like") as scope:
        x = _t(input, name="tensor")
        ret = ones(_shape_internal(x) if optimize else shape(x), core.as_dtype(dtype) if dtype is not None else x.dtype,
                   name=scope)
        if not x.shape.is_fully_defined() and x.shape.ndims is not None:
            ret.set_shape(x.shape)
        return ret


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


def broadcast_to(input, shape, name=None):
    x = _t(input)
    return op1("BroadcastTo", [x, shape_tensor(shape)], {"T": x.dtype}, name or "BroadcastTo")


def tile(input, multiples, name=None):
    x = _t(input)
    return op1("Tile", [x, shape_tensor(multiples)], {"T": x.dtype}, name or "Tile")


# ---------------------------------------------------------------------------- selection, gathers and scatters
def where(condition, x=None, y=None, name=None):
    c = _t(condition)
    if x is None and y is None:
        if core.executing_eagerly():
            return core.constant_value_tensor(np.argwhere(c._numpy()).astype(np.int64), core.int64)
        return op1("Where", [c], {"T": c.dtype}, name or "Where")
    x, y = core.convert_operands(x, y, op="SelectV2")
    return op1("SelectV2", [c, x, y], {"T": x.dtype}, name or "SelectV2")


def where_v1(condition, x=None, y=None, name=None):
    c = _t(condition)
    if x is None and y is None:
        return where(condition, name=name)
    x, y = core.convert_operands(x, y, op="Select")
    return op1("Select", [c, x, y], {"T": x.dtype}, name or "Select")


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    p = _t(params)
    i = _t(indices)
    return op1("GatherV2", [p, i, _t(axis or 0, dtype=core.int32)], {"Tparams": p.dtype}, name or "GatherV2")


def boolean_mask(tensor, mask, name="boolean_mask", axis=None):
    """tf.boolean_mask; its ops in the name scope `name`, as TensorFlow's."""
    with core.get_default_graph().name_scope(name or "boolean_mask"):
        return _boolean_mask(tensor, mask, axis)


def _boolean_mask(tensor, mask, axis):
    x, m = _t(tensor), _t(mask)
    axis = 0 if axis is None else int(axis)
    nm = m.shape.ndims
    if nm is None:
        raise core.UnsupportedSymbolError("tf.boolean_mask with a mask of unknown rank")
    xs = x.shape.as_list()
    rest = xs[axis + nm:]
    if all(d is not None for d in xs[:axis]) and all(d is not None for d in rest):
        flat = reshape(x, xs[:axis] + [-1] + rest)
    else:
        shp = shape(x)
        parts = [shp[i] for i in range(axis)] + [_t(-1)] + [shp[i] for i in range(axis + nm, len(xs))]
        flat = reshape(x, stack(parts))
    idx = squeeze(where(reshape(m, [-1])), axis=[1])
    return gather(flat, idx, axis=axis)


def gather_nd(params, indices, name=None, batch_dims=0):
    if batch_dims:
        raise core.UnsupportedSymbolError("tf.gather_nd(batch_dims=...)")
    p = _t(params)
    i = _t(indices)
    return core.op1("GatherNd", [p, i], {"Tparams": p.dtype, "Tindices": i.dtype}, name or "GatherNd")


def scatter_nd(indices, updates, shape, name=None):
    i, u = _t(indices), _t(updates)
    return core.op1("ScatterNd", [i, u, cast(_t(shape), i.dtype)], {"T": u.dtype, "Tindices": i.dtype},
                    name or "ScatterNd")


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    t, i = _t(tensor), int_tensor(indices)
    u = _t(updates, dtype=t.dtype) if not isinstance(updates, core.Tensor) else updates
    return core.op1("TensorScatterUpdate", [t, i, u], {"T": t.dtype, "Tindices": i.dtype}, name or "TensorScatterUpdate")


def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    t, i = _t(tensor), int_tensor(indices)
    u = _t(updates, dtype=t.dtype) if not isinstance(updates, core.Tensor) else updates
    return core.op1("TensorScatterAdd", [t, i, u], {"T": t.dtype, "Tindices": i.dtype}, name or "TensorScatterAdd")


# ---------------------------------------------------------------------------- padding, reversing, rolling
def pad(tensor, paddings, mode="CONSTANT", name=None, constant_values=0):
    if str(mode).upper() != "CONSTANT":
        raise core.UnsupportedSymbolError("tf.pad(mode=%r)" % mode)
    x = _t(tensor)
    p = cast(_t(paddings), core.int32)
    if isinstance(constant_values, (int, float)) and constant_values == 0:
        return core.op1("Pad", [x, p], {"T": x.dtype, "Tpaddings": core.int32}, name or "Pad")
    return core.op1("PadV2", [x, p, _t(constant_values, dtype=x.dtype)], {"T": x.dtype, "Tpaddings": core.int32},
                    name or "PadV2")


def reverse(tensor, axis, name=None):
    x, a = _t(tensor), int_tensor(axis)
    return core.op1("ReverseV2", [x, a], {"T": x.dtype, "Tidx": a.dtype}, name or "ReverseV2")


def roll(input, shift, axis, name=None):
    x, s, a = _t(input), int_tensor(shift), int_tensor(axis)
    return core.op1("Roll", [x, s, a], {"T": x.dtype, "Tshift": s.dtype, "Taxis": a.dtype}, name or "Roll")


# ---------------------------------------------------------------------------- sets and search
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
    x = int_tensor(x)
    return core.op1("InvertPermutation", [x], {"T": x.dtype}, name or "InvertPermutation")


def searchsorted(sorted_sequence, values, side="left", out_type=core.int32, name=None):
    s, v = _t(sorted_sequence), _t(values)
    if side not in ("left", "right"):
        raise ValueError("Argument `side` must be either 'right' or 'left'. Received: `side` = %s." % side)
    ss, vs = s.shape.as_list() if s.shape.ndims else None, v.shape.as_list() if v.shape.ndims else None
    if ss is None or vs is None or ss[-1] is None or vs[-1] is None:
        core.unsupported("tf.searchsorted with an unknown last dimension")
    s2, v2 = reshape(s, [-1, ss[-1]]), reshape(v, [-1, vs[-1]])
    op = "UpperBound" if side == "right" else "LowerBound"
    out = core.op1(op, [s2, v2], {"T": s.dtype, "out_type": core.as_dtype(out_type)}, name or op)
    return reshape(out, shape(v) if None in vs else vs)


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
            begin.append(k); end.append(k + 1 if not isinstance(k, Tensor) else op1("AddV2", [k, _t(1, dtype=k.dtype)], {"T": k.dtype}, "Add")); strides.append(1)
            sam |= 1 << i
    def vec(v):
        if any(isinstance(a, Tensor) for a in v):
            return stack([cast(_t(a), core.int32) if isinstance(a, Tensor) else _t(int(a), dtype=core.int32) for a in v])
        return _t(np.array([int(a) for a in v], dtype=np.int32))
    return op1("StridedSlice", [x, vec(begin), vec(end), vec(strides)],
               {"begin_mask": bm, "end_mask": em, "ellipsis_mask": elm, "new_axis_mask": nam,
                "shrink_axis_mask": sam, "T": x.dtype}, "strided_slice")


def slice_(input_, begin, size, name=None):
    x = _t(input_)
    b = _t(begin, dtype=core.int32) if not isinstance(begin, Tensor) else begin
    s = _t(size, dtype=b.dtype) if not isinstance(size, Tensor) else size
    return op1("Slice", [x, b, s], {"T": x.dtype, "Index": b.dtype}, name or "Slice")


Tensor.__getitem__ = _slice
core.register_list_packing(stack)


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None):
    """tf.strided_slice: begin / end / strides as vectors (lists, possibly holding tensors, or
    tensors) and TensorFlow's masks."""
    x = _t(input_)

    def vec(v):
        if isinstance(v, Tensor):
            return cast(v, core.int32) if v.dtype != core.int32 and v.dtype != core.int64 else v
        v = list(v)
        if any(isinstance(a, Tensor) for a in v):
            return stack([cast(_t(a), core.int32) if isinstance(a, Tensor) else _t(int(a), dtype=core.int32)
                          for a in v])
        return _t(np.array([int(a) for a in v], dtype=np.int32))
    b, e = vec(begin), vec(end)
    s = vec(strides) if strides is not None else ones_like(b)
    return op1("StridedSlice", [x, b, e, s],
               {"begin_mask": begin_mask, "end_mask": end_mask, "ellipsis_mask": ellipsis_mask,
                "new_axis_mask": new_axis_mask, "shrink_axis_mask": shrink_axis_mask, "T": x.dtype},
               name or "StridedSlice")

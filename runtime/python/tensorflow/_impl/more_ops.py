"""Ops TF1 programs of the corpus use beyond the core facade: the TF1 cast helpers
(tf.to_int32, tf.to_int64, tf.to_double), tf.random_crop (TensorFlow's composition: a
seeded integer uniform offset modulo the free range, then a slice, so the crop is
TensorFlow's for a seed) and the string ops tf.strings.substr / join / as_string (TF1
tf.substr, tf.string_join, tf.as_string). tf.math.cumprod and tf.scan are in
array_extra.py (the Cumprod kernel and its gradient are kernels_special.cc's and grads.py's)."""
import builtins

import numpy as np

from . import core, ops
from .core import convert_to_tensor as _t, op1


def to_int32(x, name="ToInt32"):
    return ops.cast(x, core.int32, name)


def to_int64(x, name="ToInt64"):
    return ops.cast(x, core.int64, name)


def to_double(x, name="ToDouble"):
    return ops.cast(x, core.float64, name)


# ---------------------------------------------------------------------------- random_crop
def random_crop(value, size, seed=None, name=None):
    """tf.image.random_crop / tf.random_crop: offset = uniform int32 in [0, int32 max)
    modulo (shape - size + 1), then value[offset:offset + size]."""
    value = _t(value)
    size = _t(size, dtype=core.int32)
    static_size = size._numpy() if isinstance(size, core.EagerTensor) else None
    if static_size is None and size.op.type == "Const":
        static_size = np.asarray(size.op.get_attr("value"))
    if value.shape.is_fully_defined() and static_size is not None:
        have = np.asarray(value.shape.as_list())
        if have.shape != np.asarray(static_size).shape or np.any(have < static_size):
            raise core.InvalidArgumentError(None, None, "Need value.shape >= size, got %s %s"
                                            % (list(have), list(np.asarray(static_size).ravel())))
    shape = ops.shape(value, out_type=core.int32)
    limit = ops.add(ops.subtract(shape, size), _t(1, dtype=core.int32))
    offset = ops.floormod(ops.random_uniform(ops.shape(shape, out_type=core.int32), dtype=core.int32,
                                             maxval=np.iinfo(np.int32).max, seed=seed), limit)
    rank = value.shape.ndims
    out = op1("StridedSlice", [value, offset, ops.add(offset, size), ops.ones_like(size)],
              {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0, "shrink_axis_mask": 0,
               "T": value.dtype}, name or "random_crop")
    if static_size is not None and rank is not None:
        out.set_shape([int(d) for d in np.ravel(static_size)])
    return out


# ---------------------------------------------------------------------------- cumprod
def substr(input, pos, len, unit="BYTE", name=None):  # noqa: A002 - TensorFlow's argument names
    x = _t(input, dtype=core.string)
    p = _t(pos, dtype=core.int32)
    n = _t(len, dtype=p.dtype)
    return op1("Substr", [x, p, n], {"T": p.dtype, "unit": unit}, name or "Substr")


def substr_v1(input, pos, len, name=None, unit="BYTE"):  # noqa: A002
    return substr(input, pos, len, unit=unit, name=name)


def string_join(inputs, separator="", name=None):
    ts = [_t(i, dtype=core.string) for i in inputs]
    return core.apply_op("StringJoin", ts, {"N": builtins.len(ts), "separator": separator}, name or "StringJoin")[0]


def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):  # noqa: A002
    x = _t(input)
    return op1("AsString", [x], {"T": x.dtype, "precision": int(precision), "scientific": bool(scientific),
                                 "shortest": bool(shortest), "width": int(width), "fill": str(fill)},
               name or "AsString")



def _register_gradients():
    from . import grads

    @grads.register("Cumprod")
    def _cumprod_grad(op, g):
        # TensorFlow's formula: cumsum of (prod * g) in the other direction, over x
        x, axis = op.inputs
        exclusive, reverse = op.get_attr("exclusive"), op.get_attr("reverse")
        prod = cumprod(x, axis, exclusive=exclusive, reverse=reverse)
        out = core.op1("Cumsum", [ops.multiply(prod, g), axis], {"exclusive": exclusive, "reverse": not reverse,
                                                                  "T": x.dtype}, "Cumsum")
        return [core.op1("DivNoNan", [out, x], {"T": x.dtype}, "div_no_nan"), None]

    for n in ("Substr", "StringJoin", "AsString"):
        grads._NO_GRAD.add(n)


_register_gradients()

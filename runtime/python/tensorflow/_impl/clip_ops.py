"""tf.clip_by_value / clip_by_norm / global_norm / clip_by_global_norm (TensorFlow's
clip_ops), composed from the primitives in TF's order of operations."""
from . import array_ops, math_ops, nn_ops
from .core import convert_to_tensor as _t


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    t = _t(t)
    return math_ops.minimum(math_ops.maximum(t, _t(clip_value_min, dtype=t.dtype)), _t(clip_value_max, dtype=t.dtype))


def clip_by_norm(t, clip_norm, axes=None, name=None):
    t = _t(t)
    l2sum = math_ops.reduce_sum(math_ops.multiply(t, t), axis=axes, keepdims=True)
    pred = math_ops.greater(l2sum, array_ops.zeros_like(l2sum))
    l2sum_safe = array_ops.where(pred, l2sum, array_ops.ones_like(l2sum))
    l2norm = array_ops.where(pred, math_ops.sqrt(l2sum_safe), l2sum)
    cn = _t(clip_norm, dtype=t.dtype)
    return array_ops.identity(math_ops.realdiv(math_ops.multiply(t, cn), math_ops.maximum(l2norm, cn)))


def global_norm(t_list, name=None):
    half_squared = [nn_ops.l2_loss(_t(t)) for t in t_list if t is not None]
    total = math_ops.reduce_sum(array_ops.stack(half_squared))
    return math_ops.sqrt(math_ops.multiply(total, _t(2.0, dtype=total.dtype)))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    t_list = list(t_list)
    norm = global_norm(t_list) if use_norm is None else _t(use_norm)
    cn = _t(clip_norm, dtype=norm.dtype)
    one = _t(1.0, dtype=norm.dtype)
    scale = math_ops.multiply(cn, math_ops.minimum(math_ops.realdiv(one, norm), math_ops.realdiv(one, cn)))
    scale = math_ops.add(scale, math_ops.subtract(norm, norm))  # NaN for a non-finite norm, as TF
    clipped = [None if t is None else array_ops.identity(math_ops.multiply(_t(t), array_ops.cast(scale, _t(t).dtype))) for t in t_list]
    return clipped, norm

"""tf.sort and tf.argsort (TensorFlow's sort_ops): TopKV2 over the last axis with k the
axis's length, the sorted axis moved last and back by a transpose. Ascending order sorts
the values turned around: negated for floats, -x - 1 for integers (which cannot overflow),
as TensorFlow does, so ties keep TensorFlow's order. (TensorFlow sorts unsigned integers as
max - x; the bundled runtime has no unsigned tensors yet.)"""
import builtins
import contextlib

from . import array_ops, core, math_ops, nn_ops

_DIRECTIONS = ("ASCENDING", "DESCENDING")


def _flip(x):
    """The order-reversing map of ascending sorts; its own inverse."""
    dt = x.dtype
    if dt.is_integer:
        return math_ops.subtract(math_ops.negative(x), core.convert_to_tensor(1, dtype=dt))
    return math_ops.negative(x)


def _sort(values, axis, direction, argsort, name):
    if direction not in _DIRECTIONS:
        raise ValueError("Argument `direction` should be one of %s. Received: direction=%s"
                         % (", ".join(_DIRECTIONS), direction))
    scope = core.get_default_graph().name_scope(name) if not core.executing_eagerly() else None
    with scope if scope is not None else contextlib.nullcontext():
        x = core.convert_to_tensor(values)
        axis_t = core.convert_to_tensor(axis, name="axis")
        if axis_t.shape.ndims not in (None, 0):
            raise ValueError("axis must be 0-D, got shape %s" % axis_t.shape)
        axis_v = core.constant_value(axis_t)
        if axis_v is None:
            raise ValueError("axis must be a constant scalar")
        axis_v = int(axis_v)
        rank = x.shape.ndims
        if rank is None:
            raise core.UnsupportedSymbolError("tf.sort of a tensor of unknown rank")
        if not -rank <= axis_v < rank:
            raise ValueError("axis %d is out of range for a tensor of rank %d" % (axis_v, rank))
        axis_v %= rank
        perm = None
        if axis_v != rank - 1:
            perm = list(builtins.range(axis_v)) + [rank - 1] + list(builtins.range(axis_v + 1, rank - 1)) + [axis_v]
            x = array_ops.transpose(x, perm)
        ascending = direction == "ASCENDING"
        k = array_ops.shape(x)[rank - 1]
        vals, idx = nn_ops.top_k(_flip(x) if ascending else x, k)
        out = idx if argsort else (_flip(vals) if ascending else vals)
        return array_ops.transpose(out, perm) if perm is not None else out


def sort(values, axis=-1, direction="ASCENDING", name=None):
    return _sort(values, axis, direction, False, name or "sort")


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    # TopKV2 keeps equal values in index order, so every argsort is stable (as TensorFlow's)
    return _sort(values, axis, direction, True, name or "argsort")

"""Ops TF1 programs of the corpus use beyond the core facade: the TF1 cast helpers
(tf.to_int32, tf.to_int64, tf.to_double), tf.random_crop (TensorFlow's composition: a
seeded integer uniform offset modulo the free range, then a slice, so the crop is
TensorFlow's for a seed), tf.math.cumprod with its gradient, tf.scan (unrolled over a
static first dimension, a while_loop otherwise) and the string ops tf.strings.substr /
join / as_string (TF1 tf.substr, tf.string_join, tf.as_string)."""
import builtins

import numpy as np

from . import core, nest, ops
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
def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    x = _t(x)
    return op1("Cumprod", [x, _t(axis, dtype=core.int32)],
               {"exclusive": bool(exclusive), "reverse": bool(reverse), "T": x.dtype}, name or "Cumprod")


# ---------------------------------------------------------------------------- scan
def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
         infer_shape=True, reverse=False, name=None):
    """tf.scan: a = fn(a, x) over the first dimension of elems (from the end with
    reverse=True); the stacked a's, in elems order. Without an initializer the first
    element starts the accumulator and is the first output."""
    flat = [_t(e) for e in nest.flatten(elems)]
    n = flat[0].shape.as_list()[0] if flat[0].shape.ndims else None
    if n is None and core.executing_eagerly():
        n = int(flat[0]._numpy().shape[0])
    if n is None:
        return _scan_loop(fn, elems, flat, initializer, reverse)
    columns = [ops.unstack(e, num=n, axis=0) for e in flat]

    def item(i):
        return nest.pack_sequence_as(elems, [c[i] for c in columns])

    order = list(range(n - 1, -1, -1)) if reverse else list(range(n))
    if initializer is None:
        if not order:
            raise ValueError("tf.scan over an empty first dimension needs an initializer")
        acc, order = item(order[0]), order[1:]
        outs = {(n - 1 if reverse else 0): acc}
    else:
        acc, outs = initializer, {}
    for i in order:
        acc = fn(acc, item(i))
        outs[i] = acc
    if not outs:
        raise ValueError("tf.scan over an empty first dimension is not supported by the bundled runtime")
    results = [outs[i] for i in range(n)]
    flat_results = [nest.flatten(r) for r in results]
    stacked = [ops.stack([_t(fr[k]) for fr in flat_results]) for k in range(len(flat_results[0]))]
    return nest.pack_sequence_as(results[0], stacked)


def _scan_loop(fn, elems, flat, initializer, reverse):
    """tf.scan over a first dimension unknown while building the graph: a while_loop whose
    accumulator is the scan state; each step's state is appended flattened to one growing
    1-D tensor per output (as map_fn's loop), reshaped to [n] + state shape at the end."""
    from . import control_flow
    n = ops.shape(flat[0], out_type=core.int32)[0]

    def element(i):
        j = ops.subtract(ops.subtract(n, 1), i) if reverse else i
        items = []
        for e in flat:
            it = e[j]
            if e.shape.ndims is not None:
                it.set_shape(e.shape.as_list()[1:])
            items.append(it)
        return nest.pack_sequence_as(elems, items)

    if initializer is None:
        init_struct, start = element(_t(0, dtype=core.int32)), 1
    else:
        init_struct, start = initializer, 0
    init = [_t(a) for a in nest.flatten(init_struct)]
    k = len(init)
    acc0 = [ops.reshape(a, [-1]) if initializer is None else ops.zeros([0], dtype=a.dtype) for a in init]

    def cond(i, *vs):
        return ops.less(i, n)

    def body(i, *vs):
        state = nest.pack_sequence_as(init_struct, list(vs[:k]))
        new = [_t(a, dtype=s.dtype) for a, s in zip(nest.flatten(fn(state, element(i))), init)]
        if len(new) != k:
            raise ValueError("The two structures don't have the same nested structure (tf.scan's fn output and "
                             "its accumulator)")
        accs = [ops.concat([acc, ops.reshape(a, [-1])], 0) for acc, a in zip(vs[k:], new)]
        return [ops.add(i, 1)] + new + accs

    loop_vars = [_t(start, dtype=core.int32)] + init + acc0
    inv = [core.TensorShape([])] + [a.shape for a in init] + [core.TensorShape([None]) for _ in init]
    res = control_flow.while_loop(cond, body, loop_vars, shape_invariants=inv, name="scan")
    outs = []
    for j in range(k):
        shape = ops.concat([ops.reshape(n, [1]), ops.shape(res[1 + j], out_type=core.int32)], 0)
        r = ops.reshape(res[1 + k + j], shape)
        if reverse:
            r = ops.gather(r, ops.range(ops.subtract(n, 1), -1, -1))
        if init[j].shape.ndims is not None:
            r.set_shape([None] + init[j].shape.as_list())
        outs.append(r)
    return nest.pack_sequence_as(init_struct, outs)


# ---------------------------------------------------------------------------- strings
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

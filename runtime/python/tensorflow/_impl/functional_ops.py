"""tf.scan / foldl / foldr and tf.map_fn: unrolled over a static first dimension (TF runs a
while loop; the values are the same), TF's while_loop over TensorArrays otherwise."""
from . import array_ops, control_flow, core, math_ops, nest, tensor_array, variables
from .core import convert_to_tensor as _t


def _elements(elems, what):
    flat = [_t(e) for e in nest.flatten(elems)]
    n = tensor_array._leading(flat, what)
    cols = [array_ops.unstack(e, num=n, axis=0) for e in flat]
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
    n = array_ops.shape(flat[0])[0]
    elems_ta = [tensor_array.TensorArray(e.dtype, size=n).unstack(e) for e in flat]
    last = math_ops.subtract(n, _t(1))
    if initializer is None:
        a_flat = [ta.read(last if rev else 0) for ta in elems_ta]
        a_struct = elems
        start = 1
    else:
        a_flat = [_t(a) for a in nest.flatten(initializer)]
        a_struct = initializer
        start = 0
    accs = [tensor_array.TensorArray(a.dtype, size=n, element_shape=a.shape) for a in a_flat]
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
        return (math_ops.subtract(i, _t(1)) if rev else math_ops.add(i, _t(1)), out_flat, tas)

    i0 = math_ops.subtract(math_ops.subtract(n, _t(1)), _t(start)) if rev else _t(start)
    cond = (lambda i, a, t: math_ops.greater_equal(i, _t(0))) if rev else (lambda i, a, t: math_ops.less(i, n))
    _, a_out, tas = control_flow.while_loop(cond, body, (i0, a_flat, accs))
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
        core.unsupported("tf.scan over an empty first dimension")
    seq = [nest.flatten(outs[i]) for i in sorted(outs)]
    stacked = [array_ops.stack([_t(s[k]) for s in seq]) for k in range(len(seq[0]))]
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


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """tf.map_fn over the first dimension, unrolled over its static size (TF runs a
    while_loop; the values are the same)."""
    flat = [_t(e) for e in nest.flatten(elems)]
    n = flat[0].shape.as_list()[0] if flat[0].shape.ndims else None
    if n is None:
        if core.executing_eagerly():
            n = int(flat[0]._numpy().shape[0])
        else:
            return _map_fn_loop(fn, elems, flat, dtype if fn_output_signature is None else fn_output_signature)
    columns = [array_ops.unstack(e, num=n, axis=0) for e in flat]
    results = []
    for i in range(n):
        item = nest.pack_sequence_as(elems, [c[i] for c in columns]) if not isinstance(elems, core.Tensor) else columns[0][i]
        results.append(fn(item))
    if not results:
        raise ValueError("tf.map_fn over an empty first dimension is not supported by the bundled runtime")
    flat_results = [nest.flatten(r) for r in results]
    stacked = [array_ops.stack([_t(fr[k]) for fr in flat_results]) for k in range(len(flat_results[0]))]
    return nest.pack_sequence_as(results[0], stacked)


def _map_fn_loop(fn, elems, flat, signature):
    """map_fn over a first dimension unknown while building the graph: a while_loop over
    tf.shape(elems)[0] (as TF builds it). Each output is accumulated flattened (a 1-D
    tensor growing by one element's values per iteration) next to the element's shape,
    and reshaped to [n] + element shape after the loop. The outputs' structure and dtypes
    are fn_output_signature (or dtype), else those of elems, as TensorFlow requires."""
    if signature is None:
        out_struct = nest.map_structure(lambda e: _t(e).dtype, elems)
    else:
        out_struct = nest.map_structure(lambda s: core.as_dtype(getattr(s, "dtype", s)), signature)
    out_dtypes = nest.flatten(out_struct)
    n = array_ops.shape(flat[0], out_type=core.int32)[0]
    static = {}

    def cond(i, *acc):
        return math_ops.less(i, n)

    def body(i, *acc):
        items = []
        for e in flat:
            it = e[i]   # StridedSlice: its gradient needs no static shape
            if e.shape.ndims is not None:
                it.set_shape(e.shape.as_list()[1:])
            items.append(it)
        item = nest.pack_sequence_as(elems, items)
        out = fn(item)
        flat_out = nest.flatten(out)
        if len(flat_out) != len(out_dtypes):
            raise ValueError("The two structures don't have the same nested structure.\n\nFirst structure: %s\n\n"
                             "More specifically: the output of fn (%s) does not match fn_output_signature (%s)"
                             % (out_struct, out, out_struct))
        vals, shapes = list(acc[:len(out_dtypes)]), []
        for k, (o, dt) in enumerate(zip(flat_out, out_dtypes)):
            o = _t(o, dtype=dt)
            if o.dtype != dt:
                raise TypeError("Tensor dtype is %s but fn returned dtype %s (map_fn output %d)" % (dt.name, o.dtype.name, k))
            static[k] = o.shape
            vals[k] = array_ops.concat([vals[k], array_ops.reshape(o, [-1])], 0)
            shapes.append(array_ops.shape(o, out_type=core.int32))
        return [math_ops.add(i, 1)] + vals + shapes

    init = ([_t(0, dtype=core.int32)] + [array_ops.zeros([0], dtype=dt) for dt in out_dtypes]
            + [array_ops.zeros([0], dtype=core.int32) for _ in out_dtypes])
    inv = ([core.TensorShape([])] + [core.TensorShape([None]) for _ in out_dtypes]
           + [core.TensorShape([None]) for _ in out_dtypes])
    res = control_flow.while_loop(cond, body, init, shape_invariants=inv, name="map")
    k = len(out_dtypes)
    outs = []
    for j in range(k):
        el = static.get(j)
        if el is not None and el.is_fully_defined():
            # the element shape is static: also right when the loop ran zero times
            shape = array_ops.concat([array_ops.reshape(n, [1]), _t(el.as_list(), dtype=core.int32)], 0)
        else:
            shape = array_ops.concat([array_ops.reshape(n, [1]), res[1 + k + j]], 0)
        r = array_ops.reshape(res[1 + j], shape)
        if el is not None and el.ndims is not None:
            r.set_shape([flat[0].shape.as_list()[0] if flat[0].shape.ndims else None] + el.as_list())
        outs.append(r)
    return nest.pack_sequence_as(out_struct, outs)

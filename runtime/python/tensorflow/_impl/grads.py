"""Autodiff: one gradient function per TF op name, used symbolically by tf.gradients
(graph mode, optimizer.minimize) and by GradientTape (eager, or inside tf.function).
A gradient function gets an op-like object (.type, .inputs, .outputs, .get_attr) and the
output gradients, and returns one gradient (or None) per input, built from public ops."""
import numpy as np

from . import core, ops
from .core import Tensor

_GRADS = {}
_NO_GRAD = {"Shape", "Size", "Rank", "ZerosLike", "OnesLike", "Equal", "NotEqual", "Less", "LessEqual", "Greater",
            "GreaterEqual", "LogicalAnd", "LogicalOr", "LogicalNot", "ArgMax", "ArgMin", "Const", "Placeholder",
            "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal", "Floor", "Ceil", "Round", "Sign",
            "StopGradient", "VarHandleOp", "Range", "OneHot", "BroadcastGradientArgs", "FloorDiv", "FloorMod",
            "VariableV2", "Assign", "AssignAdd", "AssignSub", "Multinomial", "StringToNumber"}


def register(*names):
    def deco(fn):
        for n in names:
            _GRADS[n] = fn
        return fn
    return deco


def _static(t):
    s = t.shape
    return s.as_list() if s.is_fully_defined() else None


def _unbroadcast(g, x):
    """Sums `g` down to the shape of `x` (the gradient of broadcasting)."""
    gs, xs = _static(g), _static(x)
    if gs is not None and xs is not None:
        if gs == xs:
            return g
        r = len(gs)
        xr = [1] * (r - len(xs)) + xs
        axes = [i for i in range(r) if xr[i] == 1 and gs[i] != 1]
        if axes:
            g = ops.reduce_sum(g, axis=axes, keepdims=True)
        return ops.reshape(g, xs)
    rx, _ = core.apply_op("BroadcastGradientArgs", [ops.shape(x), ops.shape(g)])
    return ops.reshape(ops.reduce_sum(g, axis=rx, keepdims=True), ops.shape(x))


@register("AddV2", "Add")
def _add(op, g):
    return [_unbroadcast(g, op.inputs[0]), _unbroadcast(g, op.inputs[1])]


@register("Sub")
def _sub(op, g):
    return [_unbroadcast(g, op.inputs[0]), _unbroadcast(ops.negative(g), op.inputs[1])]


@register("Mul")
def _mul(op, g):
    x, y = op.inputs
    return [_unbroadcast(ops.multiply(g, y), x), _unbroadcast(ops.multiply(g, x), y)]


@register("RealDiv", "Div")
def _div(op, g):
    x, y = op.inputs
    return [_unbroadcast(ops.realdiv(g, y), x),
            _unbroadcast(ops.multiply(g, ops.realdiv(ops.realdiv(ops.negative(x), y), y)), y)]


@register("Pow")
def _pow(op, g):
    x, y = op.inputs
    z = op.outputs[0]
    gx = ops.multiply(g, ops.multiply(y, ops.pow(x, ops.subtract(y, ops.ones_like(y)))))
    safe = ops.where(ops.greater(x, ops.zeros_like(x)), x, ops.ones_like(x))
    gy = ops.multiply(g, ops.multiply(z, ops.log(safe)))
    return [_unbroadcast(gx, x), _unbroadcast(gy, y)]


@register("Maximum", "Minimum")
def _maxmin(op, g):
    x, y = op.inputs
    mask = ops.greater_equal(x, y) if op.type == "Maximum" else ops.less_equal(x, y)
    z = ops.zeros_like(g)
    return [_unbroadcast(ops.where(mask, g, z), x), _unbroadcast(ops.where(mask, z, g), y)]


@register("SquaredDifference")
def _sqdiff(op, g):
    x, y = op.inputs
    d = ops.multiply(ops.multiply(g, core.convert_to_tensor(2, dtype=g.dtype)), ops.subtract(x, y))
    return [_unbroadcast(d, x), _unbroadcast(ops.negative(d), y)]


@register("Neg")
def _neg(op, g):
    return [ops.negative(g)]


@register("Identity", "ReadVariableOp", "PlaceholderWithDefault")
def _identity(op, g):
    return [g]


@register("Square")
def _square(op, g):
    x = op.inputs[0]
    return [ops.multiply(g, ops.multiply(x, core.convert_to_tensor(2, dtype=x.dtype)))]


@register("Sqrt")
def _sqrt(op, g):
    return [ops.realdiv(ops.multiply(g, core.convert_to_tensor(0.5, dtype=g.dtype)), op.outputs[0])]


@register("Rsqrt")
def _rsqrt(op, g):
    y = op.outputs[0]
    return [ops.multiply(g, ops.multiply(core.convert_to_tensor(-0.5, dtype=g.dtype), ops.multiply(y, ops.multiply(y, y))))]


@register("Exp")
def _exp(op, g):
    return [ops.multiply(g, op.outputs[0])]


@register("Log")
def _log(op, g):
    return [ops.realdiv(g, op.inputs[0])]


@register("Log1p")
def _log1p(op, g):
    x = op.inputs[0]
    return [ops.realdiv(g, ops.add(x, ops.ones_like(x)))]


@register("Sin")
def _sin(op, g):
    return [ops.multiply(g, ops.cos(op.inputs[0]))]


@register("Cos")
def _cos(op, g):
    return [ops.negative(ops.multiply(g, ops.sin(op.inputs[0])))]


@register("Abs")
def _abs(op, g):
    return [ops.multiply(g, ops.sign(op.inputs[0]))]


@register("Reciprocal")
def _recip(op, g):
    y = op.outputs[0]
    return [ops.negative(ops.multiply(g, ops.multiply(y, y)))]


def _relu_grad(g, features):
    return core.op1("ReluGrad", [g, features], {"T": g.dtype}, "ReluGrad")


@register("Relu")
def _relu(op, g):
    # As TensorFlow: ReluGrad of the incoming gradient and the op's output.
    return [_relu_grad(g, op.outputs[0])]


@register("ReluGrad")
def _relu_grad_grad(op, g):
    features = op.inputs[1]
    return [_relu_grad(g, features), ops.zeros_like(features)]


@register("Sigmoid")
def _sigmoid(op, g):
    y = op.outputs[0]
    return [ops.multiply(g, ops.multiply(y, ops.subtract(ops.ones_like(y), y)))]


@register("Tanh")
def _tanh(op, g):
    y = op.outputs[0]
    return [ops.multiply(g, ops.subtract(ops.ones_like(y), ops.multiply(y, y)))]


@register("Softplus")
def _softplus(op, g):
    return [ops.multiply(g, ops.sigmoid(op.inputs[0]))]


@register("Lgamma")
def _lgamma(op, g):
    return [ops.multiply(g, ops.digamma(op.inputs[0]))]


@register("Digamma")
def _digamma(op, g):
    x = op.inputs[0]
    return [ops.multiply(g, ops.polygamma(core.constant_value_tensor(1, x.dtype), x))]


@register("Polygamma")
def _polygamma(op, g):
    a, x = op.inputs
    if a.shape.ndims is None or x.shape.ndims is None or (a.shape.as_list() != x.shape.as_list()
                                                           and a.shape.num_elements() != 1):
        raise core.UnsupportedSymbolError("the gradient of tf.math.polygamma with a non-scalar order broadcast "
                                          "against x")
    one = core.constant_value_tensor(1, a.dtype)
    return [None, ops.multiply(g, ops.polygamma(ops.add(a, one), x))]


@register("Erf")
def _erf(op, g):
    x = op.inputs[0]
    k = core.constant_value_tensor(2.0 / np.sqrt(np.pi), x.dtype)
    return [ops.multiply(g, ops.multiply(k, ops.exp(ops.negative(ops.square(x)))))]


@register("Erfc")
def _erfc(op, g):
    x = op.inputs[0]
    k = core.constant_value_tensor(-2.0 / np.sqrt(np.pi), x.dtype)
    return [ops.multiply(g, ops.multiply(k, ops.exp(ops.negative(ops.square(x)))))]


def _skipped(op):
    """Indices of op's inputs whose gradient nobody asked for (set by the eager tape, as
    TensorFlow's skip_input_indices; graph-mode tf.gradients builds every gradient)."""
    return getattr(op, "skip_input_indices", ())


@register("MatMul")
def _matmul(op, g):
    a, b = op.inputs
    ta, tb = op.get_attr("transpose_a"), op.get_attr("transpose_b")
    skip = _skipped(op)
    if not ta and not tb:
        ga = lambda: ops.matmul(g, b, transpose_b=True)
        gb = lambda: ops.matmul(a, g, transpose_a=True)
    elif not ta and tb:
        ga = lambda: ops.matmul(g, b)
        gb = lambda: ops.matmul(g, a, transpose_a=True)
    elif ta and not tb:
        ga = lambda: ops.matmul(b, g, transpose_b=True)
        gb = lambda: ops.matmul(a, g)
    else:
        ga = lambda: ops.matmul(b, g, transpose_a=True, transpose_b=True)
        gb = lambda: ops.matmul(g, a, transpose_a=True, transpose_b=True)
    return [None if 0 in skip else ga(), None if 1 in skip else gb()]


@register("CheckNumerics")
def _check_numerics(op, g):
    # as TF: the gradient is checked too, with the op's message after TF's own
    return [ops.check_numerics(g, "Not a number (NaN) or infinity (Inf) values detected in gradient. %s"
                               % op.get_attr("message"))]


@register("BatchMatMulV2")
def _batch_matmul(op, g):
    x, y = op.inputs
    ax, ay = op.get_attr("adj_x"), op.get_attr("adj_y")
    mm = ops.matmul
    if not ax and not ay:
        gx, gy = mm(g, y, transpose_b=True), mm(x, g, transpose_a=True)
    elif not ax and ay:
        gx, gy = mm(g, y), mm(g, x, transpose_a=True)
    elif ax and not ay:
        gx, gy = mm(y, g, transpose_b=True), mm(x, g)
    else:
        gx, gy = mm(y, g, transpose_a=True, transpose_b=True), mm(g, x, transpose_a=True, transpose_b=True)
    # Broadcast batch dimensions: sum the gradient back down to each input's shape.
    return [_unbroadcast(gx, x), _unbroadcast(gy, y)]


def _reduced_grad(op, g):
    x, axis = op.inputs
    if not op.get_attr("keep_dims"):
        av = _const_value(axis)
        r = x.shape.ndims
        if av is None or r is None:
            # dynamic: keep = shape(x) with the reduced axes set to 1
            sx = ops.shape(x)
            rank = ops.size(sx)
            ax = ops.floormod(ops.reshape(ops.cast(axis, core.int32), [-1]), rank)
            hit = ops.greater(ops.reduce_sum(ops.one_hot(ax, rank, dtype=core.int32), axis=0), 0)
            keep = ops.where(hit, ops.ones_like(sx), sx)
            return ops.broadcast_to(ops.reshape(g, keep), sx)
        axes = {int(a) % r for a in np.ravel(av)} if r else set()
        dims = x.shape.as_list()
        keep = [1 if i in axes else (dims[i] if dims[i] is not None else ops.shape(x)[i]) for i in range(r)]
        if any(isinstance(k, Tensor) for k in keep):
            keep = ops.stack([core.convert_to_tensor(k, dtype=core.int32) if not isinstance(k, Tensor) else k for k in keep])
        g = ops.reshape(g, keep)
    xs = _static(x)
    return ops.broadcast_to(g, xs if xs is not None else ops.shape(x))


def _const_value(t):
    if isinstance(t, core.EagerTensor):
        return t._numpy()
    if t.op.type == "Const":
        return t.op.get_attr("value")
    return None


@register("Sum")
def _sum(op, g):
    return [_reduced_grad(op, g), None]


@register("Mean")
def _mean(op, g):
    x = op.inputs[0]
    y = op.outputs[0]
    xs, ys = _static(x), _static(y)
    if xs is not None and ys is not None:
        factor = max(int(np.prod(xs)) // max(int(np.prod(ys)), 1), 1)
        cnt = core.convert_to_tensor(factor, dtype=g.dtype)
    else:
        cnt = ops.cast(ops.realdiv(ops.cast(ops.size(x), core.float64), ops.cast(ops.size(y), core.float64)), g.dtype)
    return [ops.realdiv(_reduced_grad(op, g), cnt) if g.dtype.is_floating else ops.floordiv(_reduced_grad(op, g), cnt), None]


@register("Max", "Min")
def _maxred(op, g):
    x = op.inputs[0]
    y = op.outputs[0]
    fake = type("Op", (), {"inputs": op.inputs, "get_attr": op.get_attr, "type": op.type})
    yb = _reduced_grad(fake, y)
    gb = _reduced_grad(fake, g)
    eq = ops.cast(ops.equal(x, yb), g.dtype)
    num = _reduced_grad(fake, ops.reduce_sum(eq, axis=op.inputs[1], keepdims=op.get_attr("keep_dims")))
    return [ops.realdiv(ops.multiply(eq, gb), num), None]


@register("Reshape", "ExpandDims", "Squeeze")
def _reshape(op, g):
    x = op.inputs[0]
    xs = _static(x)
    return [ops.reshape(g, xs if xs is not None else ops.shape(x))] + [None] * (len(op.inputs) - 1)


@register("Cast")
def _cast(op, g):
    x = op.inputs[0]
    if x.dtype.is_floating and g.dtype.is_floating:
        return [ops.cast(g, x.dtype)]
    return [None]


@register("Transpose")
def _transpose(op, g):
    perm = _const_value(op.inputs[1])
    inv = np.argsort(np.asarray(perm)).astype(np.int32)
    return [ops.transpose(g, inv), None]


@register("Select", "SelectV2")
def _select(op, g):
    c, x, y = op.inputs
    z = ops.zeros_like(g)
    return [None, _unbroadcast(ops.where(c, g, z), x), _unbroadcast(ops.where(c, z, g), y)]


@register("Softmax")
def _softmax(op, g):
    y = op.outputs[0]
    s = ops.reduce_sum(ops.multiply(g, y), axis=-1, keepdims=True)
    return [ops.multiply(ops.subtract(g, s), y)]


@register("LogSoftmax")
def _logsoftmax(op, g):
    y = op.outputs[0]
    return [ops.subtract(g, ops.multiply(ops.reduce_sum(g, axis=-1, keepdims=True), ops.exp(y)))]


@register("SoftmaxCrossEntropyWithLogits")
def _xent(op, g, g_back=None):
    back = op.outputs[1]
    return [ops.multiply(ops.expand_dims(g, -1), back), None]


@register("SparseSoftmaxCrossEntropyWithLogits")
def _sxent(op, g, g_back=None):
    return [ops.multiply(ops.expand_dims(g, -1), op.outputs[1]), None]


@register("L2Loss")
def _l2(op, g):
    return [ops.multiply(op.inputs[0], g)]


@register("ConcatV2")
def _concat(op, g):
    vals = op.inputs[:-1]
    axis = int(np.ravel(_const_value(op.inputs[-1]))[0])
    rank = vals[0].shape.ndims
    if axis < 0:
        axis += rank
    # only the sizes along the axis need to be static (the batch dimension may be unknown)
    sizes = [v.shape.as_list()[axis] if v.shape.ndims is not None else None for v in vals]
    if rank is None:
        raise NotImplementedError("gradient of tf.concat of inputs of unknown rank in the bundled runtime")
    if any(s is None for s in sizes):
        # sizes known only when running (map_fn's accumulators): slice by Shape values
        sizes = [s if s is not None else ops.shape(v, out_type=core.int32)[axis] for v, s in zip(vals, sizes)]
    out, start = [], 0
    for v, s in zip(vals, sizes):
        key = [slice(None)] * rank
        key[axis] = slice(start, start + s)
        out.append(g[tuple(key)])
        start += s
    return out + [None]


@register("Pack")
def _pack(op, g):
    return ops.unstack(g, num=len(op.inputs), axis=op.get_attr("axis"))


@register("GatherV2")
def _gather(op, g):
    p, idx, axis = op.inputs
    ps = _static(p)
    iv = idx
    depth = ps[0]
    oh = ops.one_hot(ops.reshape(iv, [-1]), depth, dtype=g.dtype)     # [n, depth]
    g2 = ops.reshape(g, [-1, int(np.prod(ps[1:])) if len(ps) > 1 else 1])
    return [ops.reshape(ops.matmul(oh, g2, transpose_a=True), ps), None, None]


@register("StridedSlice")
def _strided_slice(op, g):
    x = op.inputs[0]
    xs = _static(x)
    attrs = {k: op.get_attr(k) for k in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                                         "shrink_axis_mask")}
    shape = ops._shape_input(xs) if xs is not None else ops.shape(x)
    return [core.op1("StridedSliceGrad", [shape, op.inputs[1], op.inputs[2], op.inputs[3], g], attrs,
                     "StridedSliceGrad"), None, None, None]


@register("If", "StatelessIf")
def _if_grad(op, *out_grads):
    """Gradient of a cond: an If over gradient functions built inside each branch graph
    (the branch graph gets gradient nodes; a second function over it returns them)."""
    import _tfrt
    from . import function as _fn
    tg, touts, fg, fouts, outer = op.get_attr("_cond_info")
    grads_in = [g if g is not None else ops.zeros_like(o) for g, o in zip(out_grads, op.outputs)]
    ids = []
    for G, outs in ((tg, touts), (fg, fouts)):
        with G.as_default():
            gphs = []
            for o in outs:
                ph = G._add_op("Placeholder", [], {"dtype": o.dtype, "shape": o.shape}, "grad_in",
                               core._rt_attrs({"dtype": o.dtype, "shape": o.shape})).outputs[0]
                gphs.append(ph)
            xs = [G._capture_map[id(t)][1] for t in outer]
            gs = gradients(list(outs), xs, grad_ys=gphs) if outs else [None] * len(xs)
            gs = [g if g is not None else ops.zeros_like(x) for g, x in zip(gs, xs)]
            gs = [ops.identity(g) for g in gs]
        if G is tg:
            branch_grads = gs
        ids.append(_tfrt.register_function(
            G._rt, [(x.op._id, x.value_index) for x in xs] + [(p.op._id, p.value_index) for p in gphs],
            [(g.op._id, g.value_index) for g in gs], []))
    attrs = {"then_branch": ids[0], "else_branch": ids[1]}
    attrs.update(_fn.output_attrs(branch_grads))
    res = core.apply_op("If", [op.inputs[0]] + list(op.inputs[1:]) + grads_in, attrs, "If_grad")
    return [None] + [r if r.dtype.is_floating else None for r in res]


@register("While", "StatelessWhile")
def _while_grad(op, *out_grads):
    """Gradient of a while_loop: a vector-Jacobian function is built inside the body graph;
    at run time a host callback replays the forward loop (keeping each iteration's loop
    variables) and applies the VJP from the last iteration back to the first."""
    import _tfrt
    from . import script_ops
    bg, bphs, bouts, outer, cid, bid, n, max_iter = op.get_attr("_while_info")
    with bg.as_default():
        gphs = [bg._add_op("Placeholder", [], {"dtype": o.dtype, "shape": o.shape}, "grad_in",
                           core._rt_attrs({"dtype": o.dtype, "shape": o.shape})).outputs[0] for o in bouts]
        caps = [bg._capture_map[id(t)][1] for t in outer]
        xs = list(bphs) + caps
        gs = gradients(list(bouts), xs, grad_ys=gphs)
        # every loop variable gets a gradient (zeros if unconnected); captures only when they have one
        gs = [ops.identity(g) if g is not None else (ops.zeros_like(x) if k < n else None)
              for k, (g, x) in enumerate(zip(gs, xs))]
    live = [k for k, g in enumerate(gs) if g is not None]   # 0..n-1 first, then some captures
    vjp = _tfrt.register_function(
        bg._rt, [(p.op._id, p.value_index) for p in xs + gphs], [(gs[k].op._id, gs[k].value_index) for k in live], [])
    out_dtypes = [gs[k].dtype for k in live]
    static = [gs[k].shape.as_list() if gs[k].shape.is_fully_defined() else [] for k in live]
    grads_in = [g if g is not None else ops.zeros_like(o) for g, o in zip(out_grads[:n], op.outputs[:n])]
    in_dtypes = [t.dtype for t in list(op.inputs) + grads_in]

    def run(vals):
        rts = [core._rt_from_np(v, d if d != core.resource else core.string) for v, d in zip(vals, in_dtypes)]
        cur, capv, g_vars = rts[:n], rts[n:n + len(outer)], rts[n + len(outer):]
        history, it = [], 0
        while max_iter is None or it < max_iter:
            if not bool(core._np_from_rt(_tfrt.call_function(cid, cur + capv)[0])):
                break
            history.append(cur)
            cur = _tfrt.call_function(bid, cur + capv)[:n]
            it += 1
        g_caps = [None] * (len(live) - n)
        for vars_k in reversed(history):
            res = _tfrt.call_function(vjp, vars_k + capv + g_vars)
            g_vars = res[:n]
            for j, r in enumerate(res[n:]):
                a = core._np_from_rt(r)
                g_caps[j] = a if g_caps[j] is None else g_caps[j] + a
        outs = [core._np_from_rt(g) for g in g_vars]
        outs += [a if a is not None else np.zeros(static[n + j], out_dtypes[n + j].as_numpy_dtype)
                 for j, a in enumerate(g_caps)]
        return outs

    res = script_ops.host_call(run, list(op.inputs) + grads_in, out_dtypes, "while_grad")
    full = [None] * len(xs)
    for j, k in enumerate(live):
        full[k] = res[j] if (xs[k].dtype.is_floating or xs[k].dtype == core.resource) else None
    return full


@register("StatefulPartitionedCall", "PartitionedCall")
def _call_grad(op, *out_grads):
    """Gradient of a tf.function call: the concrete function's backward function (built
    once from the symbolic gradient of its graph) over the call's inputs, the stateful
    values the forward call saved, and the output gradients."""
    import _tfrt
    from . import function as _fn
    cf = op.get_attr("_concrete")
    if cf is None:
        raise LookupError("No gradient defined for operation '%s' (op type: %s)." % (getattr(op, "name", op.type), op.type))
    fid, fl, live, outs = cf._backward()
    n_in = len(cf._args) + len(cf.graph.captures)
    n_out = sum(1 for t in cf._flat_out if isinstance(t, Tensor))
    saved = list(op.outputs[n_out:])
    gin = [out_grads[k] if k < len(out_grads) and out_grads[k] is not None else ops.zeros_like(op.outputs[k]) for k in fl]
    ins = list(op.inputs[:n_in]) + saved + gin
    if not live:
        return [None] * len(op.inputs)
    if core.executing_eagerly():
        try:
            res = [core.EagerTensor(o) for o in _tfrt.call_function(fid, [core.convert_to_tensor(t)._rt for t in ins])]
        except _tfrt.StatusError as e:
            core.raise_status(e)
    else:
        attrs = {"f": fid}
        attrs.update(_fn.output_attrs(outs))
        res = core.apply_op("StatefulPartitionedCall", ins, attrs, "StatefulPartitionedCall_grad")
    full = [None] * len(op.inputs)
    for j, i in enumerate(live):
        full[i] = res[j]
    return full


_CALL_OPS = ("StatefulPartitionedCall", "PartitionedCall")


class _TapeOp:
    def __init__(self, op_type, inputs, outputs, attrs):
        self.type, self.inputs, self.outputs, self._attrs = op_type, inputs, outputs, attrs

    def get_attr(self, name):
        return self._attrs.get(name)


def _backprop(entries, targets, target_grads, want_ids):
    """Reverse-mode accumulation over `entries` (ops in forward order)."""
    grads = {}
    for t, g in zip(targets, target_grads):
        grads.setdefault(id(t), []).append(g)
    # Eager (the tape's _TapeOp entries): an input that no wanted source reaches needs no
    # gradient, and the gradient functions that honour skip_input_indices do not compute it
    # (TensorFlow's eager backprop does the same; graph-mode tf.gradients builds them all).
    needed = None
    if core.executing_eagerly():
        needed = set(want_ids)
        for op in entries:
            if any(id(x) in needed for x in op.inputs):
                needed.update(id(o) for o in op.outputs)
    for op in reversed(entries):
        outs = [grads.get(id(o)) for o in op.outputs]
        if not any(outs):
            continue
        if op.type in _NO_GRAD:
            continue
        fn = _GRADS.get(op.type)
        if fn is None:
            raise LookupError("No gradient defined for operation '%s' (op type: %s). In general every operation "
                              "must have an associated `@tf.RegisterGradient` for correct autodiff, which this one "
                              "is lacking." % (getattr(op, "name", op.type), op.type))
        gsum = []
        for o, gl in zip(op.outputs, outs):
            if gl is None:
                gsum.append(None)
            else:
                gsum.append(gl[0] if len(gl) == 1 else ops.add_n(gl))
        if gsum[0] is None:
            gsum[0] = ops.zeros_like(op.outputs[0])
        import contextlib
        scope = (core.get_default_graph().name_scope(op.name + "_grad")
                 if not core.executing_eagerly() and hasattr(op, "name") else contextlib.nullcontext())
        if needed is not None and isinstance(op, _TapeOp):
            op.skip_input_indices = tuple(i for i, x in enumerate(op.inputs) if id(x) not in needed)
        with scope:
            in_grads = fn(op, *gsum[:1]) if len(gsum) == 1 or op.type in (
                "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits") else fn(op, *gsum)
        for x, gx in zip(op.inputs, in_grads):
            if gx is not None:
                grads.setdefault(id(x), []).append(gx)
    out = {}
    for k in want_ids:
        gl = grads.get(k)
        out[k] = None if not gl else (gl[0] if len(gl) == 1 else ops.add_n(gl))
    return out


def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False, gate_gradients=False,
              aggregation_method=None, stop_gradients=None, unconnected_gradients="none"):
    if core.executing_eagerly():
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.")
    ys = list(ys) if isinstance(ys, (list, tuple)) else [ys]
    xs_list = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    from . import variables
    xts = []
    for x in xs_list:
        if isinstance(x, variables.RefVariable):
            xts.append(x._ref_tensor())
        elif isinstance(x, variables.ResourceVariable):
            xts.append(x.handle)
        else:
            xts.append(core.convert_to_tensor(x))
    ys = [core.convert_to_tensor(y) for y in ys]
    g = core.get_default_graph()
    # ops on a path from xs to ys, in creation (= topological) order
    x_ops = {id(t.op) for t in xts}
    reach_fwd = set()
    for op in g._ops:
        if id(op) in x_ops or any(id(i.op) in reach_fwd for i in op.inputs):
            reach_fwd.add(id(op))
    need = set()
    stack = [y.op for y in ys]
    while stack:
        op = stack.pop()
        if id(op) in need:
            continue
        need.add(id(op))
        stack.extend(i.op for i in op.inputs)
    entries = [op for op in g._ops if id(op) in need and id(op) in reach_fwd]
    with g.name_scope(name):
        if grad_ys is None:
            grad_ys = [ops.ones_like(y) for y in ys]
        else:
            grad_ys = [core.convert_to_tensor(gy, dtype=y.dtype) if gy is not None else ops.ones_like(y) for gy, y in zip(grad_ys, ys)]
        res = _backprop(entries, ys, grad_ys, [id(t) for t in xts])
    out = [res[id(t)] for t in xts]
    if unconnected_gradients == "zero":
        out = [o if o is not None else ops.zeros_like(x) for o, x in zip(out, xts)]
    return out


class GradientTape:
    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_vars = watch_accessed_variables
        self._entries = []
        self._watched = set()
        self._watched_vars = []
        self._used = False
        self._recording = False

    def __enter__(self):
        core.ctx.tapes.append(self)
        self._recording = True
        return self

    def __exit__(self, *exc):
        if self in core.ctx.tapes:
            core.ctx.tapes.remove(self)
        self._recording = False
        return False

    def watch(self, tensor):
        from . import variables
        for t in (tensor if isinstance(tensor, (list, tuple)) else [tensor]):
            t = getattr(t, "_tfm_variable", t)   # a Keras 3 weight watches its tf.Variable
            if isinstance(t, variables.Variable):
                if not any(w is t for w in self._watched_vars):
                    self._watched_vars.append(t)
            else:
                self._watched.add(id(t))

    def watched_variables(self):
        return tuple(self._watched_vars)

    @property
    def _handle_ids(self):
        return {}

    def _record(self, op_type, inputs, outputs, attrs):
        if op_type == "ReadVariableOp" and self._watch_vars:
            from . import variables
            shared = _shared_of(inputs[0])
            for v in list(variables._all_resource_vars.values()):
                if v._shared == shared and v.trainable and not any(w is v for w in self._watched_vars):
                    self._watched_vars.append(v)
        if op_type in _CALL_OPS and self._watch_vars and attrs.get("_concrete") is not None:
            # a tf.function call reads the variables whose handles it captured
            from . import variables
            for h in inputs:
                if h.dtype == core.resource:
                    v = variables._all_resource_vars.get(_shared_of(h))
                    if v is not None and v.trainable and not any(w is v for w in self._watched_vars):
                        self._watched_vars.append(v)
        self._entries.append(_TapeOp(op_type, list(inputs), list(outputs), attrs))

    def stop_recording(self):
        import contextlib

        @contextlib.contextmanager
        def cm():
            core.ctx.tapes.remove(self)
            try:
                yield
            finally:
                core.ctx.tapes.append(self)
        return cm()

    def reset(self):
        self._entries = []

    def gradient(self, target, sources, output_gradients=None, unconnected_gradients="none"):
        if self._used and not self._persistent:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one set of gradients "
                               "(or jacobians)")
        self._used = True
        from . import variables
        nest_src = sources
        flat = list(sources) if isinstance(sources, (list, tuple)) else (list(sources.values()) if isinstance(sources, dict) else [sources])
        flat = [getattr(s, "_tfm_variable", s) for s in flat]   # Keras 3 weights: their tf.Variable
        for s in flat:
            if isinstance(s, variables.RefVariable):
                # TF's tape identifies a variable source by its resource id; a TF1 ref
                # variable has none (TF 2.21 raises exactly this with v2 behavior disabled)
                raise AttributeError("'RefVariable' object has no attribute '_id'")
        targets = list(target) if isinstance(target, (list, tuple)) else [target]
        targets = [t.value() if isinstance(t, variables.Variable) else t for t in targets]
        saved = core.ctx.tapes
        core.ctx.tapes = [t for t in saved if t is not self]
        try:
            tg = output_gradients if output_gradients is not None else [ops.ones_like(t) for t in targets]
            if not isinstance(tg, (list, tuple)):
                tg = [tg]
            # reads of a variable: the ReadVariableOp outputs whose handle names it
            want = []
            var_reads = {}
            var_gathers = {}
            for s in flat:
                if isinstance(s, variables.ResourceVariable):
                    reads = [e.outputs[0] for e in self._entries if e.type == "ReadVariableOp" and _shared_of(e.inputs[0]) == s._shared]
                    reads += [h for h in s._handles.values() if any(any(i is h for i in e.inputs) for e in self._entries
                                                                    if e.type in ("If", "StatelessIf", "While"))]
                    seen = {id(r) for r in reads}
                    for e in self._entries:
                        if e.type in _CALL_OPS:
                            for h in e.inputs:
                                if id(h) not in seen and h.dtype == core.resource and _shared_of(h) == s._shared:
                                    seen.add(id(h))
                                    reads.append(h)
                    var_reads[id(s)] = reads
                    gathers = _only_gathered(self._entries, reads)
                    if gathers:
                        # TF gathers a variable with ResourceGather, whose gradient is IndexedSlices
                        var_gathers[id(s)] = gathers
                        want.extend(id(e.outputs[0]) for e in gathers)
                    else:
                        want.extend(id(r) for r in reads)
                else:
                    want.append(id(s))
            res = _backprop(self._entries, targets, list(tg), want)
            out = []
            for s in flat:
                if isinstance(s, variables.ResourceVariable) and id(s) in var_gathers:
                    watched = any(w is s for w in self._watched_vars)
                    parts = [(res[id(e.outputs[0])], e) for e in var_gathers[id(s)]
                             if watched and res.get(id(e.outputs[0])) is not None]
                    g = _indexed_slices(parts, s) if parts else None
                elif isinstance(s, variables.ResourceVariable):
                    watched = any(w is s for w in self._watched_vars)
                    gl = [res[id(r)] for r in var_reads[id(s)] if watched and res.get(id(r)) is not None]
                    g = None if not gl else (gl[0] if len(gl) == 1 else ops.add_n(gl))
                else:
                    g = res[id(s)] if id(s) in self._watched else None
                if g is None and unconnected_gradients == "zero":
                    g = ops.zeros_like(s)
                out.append(g)
        finally:
            core.ctx.tapes = saved
        if isinstance(nest_src, dict):
            return dict(zip(nest_src.keys(), out))
        return out if isinstance(nest_src, (list, tuple)) else out[0]


class IndexedSlices:
    """tf.IndexedSlices: a sparse gradient (rows `indices` of a `dense_shape` tensor hold
    `values`); converts to the dense tensor wherever a tensor is needed."""

    def __init__(self, values, indices, dense_shape=None, _static_shape=None):
        self.values, self.indices, self.dense_shape = values, indices, dense_shape
        self._static_shape = _static_shape

    dtype = property(lambda self: self.values.dtype)
    shape = property(lambda self: core.TensorShape(self._static_shape))

    def _dense(self):
        ss = self._static_shape
        if ss is None or any(d is None for d in ss):
            v = _const_value(self.dense_shape) if self.dense_shape is not None else None
            ss = None if v is None else [int(d) for d in np.asarray(v).ravel()]
        if ss is None:
            raise core.UnsupportedSymbolError("tf.IndexedSlices with an unknown dense shape")
        oh = ops.one_hot(self.indices, ss[0], dtype=self.values.dtype)          # [n, depth]
        rest = int(np.prod(ss[1:])) if len(ss) > 1 else 1
        v2 = ops.reshape(self.values, [-1, rest])
        return ops.reshape(ops.matmul(oh, v2, transpose_a=True), ss)

    def __repr__(self):
        return "IndexedSlices(indices=%s, values=%s, dense_shape=%s)" % (self.indices, self.values, self.dense_shape)

    __str__ = __repr__


core.register_conversion(lambda v: isinstance(v, IndexedSlices), lambda v, dtype, as_ref: v._dense())


def _only_gathered(entries, reads):
    """The GatherV2 entries (axis 0) that are the only consumers of the variable reads."""
    if not reads:
        return []
    ids = {id(r) for r in reads}
    gathers = []
    for e in entries:
        hits = [k for k, i in enumerate(e.inputs) if id(i) in ids]
        if not hits:
            continue
        if e.type != "GatherV2" or hits != [0]:
            return []
        axis = _const_value(e.inputs[2]) if len(e.inputs) > 2 else 0
        if axis is None or int(np.asarray(axis)) != 0:
            return []
        gathers.append(e)
    return gathers


def _indexed_slices(parts, var):
    vals, idxs = [], []
    ps = var.shape.as_list()
    for g, e in parts:
        vals.append(ops.reshape(g, [-1] + ps[1:]))
        idxs.append(ops.reshape(e.inputs[1], [-1]))
    values = vals[0] if len(vals) == 1 else ops.concat(vals, 0)
    indices = idxs[0] if len(idxs) == 1 else ops.concat(idxs, 0)
    return IndexedSlices(values, indices, ops.shape(e.inputs[0]), _static_shape=ps)


def _shared_of(h):
    if isinstance(h, core.EagerTensor):
        v = h._numpy()[()]
        return v.decode() if isinstance(v, bytes) else v
    if h.op.type == "Placeholder":
        for outer, ph in getattr(h.graph, "captures", []):
            if ph is h:
                return _shared_of(outer)   # a handle captured by a branch graph
        return None
    if h.op.type != "VarHandleOp":
        return None
    return h.op.get_attr("shared_name")


def _conv_attrs(op, *names):
    return {n: op.get_attr(n) for n in names}


@register("Conv2D")
def _conv2d(op, g):
    x, f = op.inputs
    attrs = dict(_conv_attrs(op, "strides", "padding", "data_format", "dilations"), T=x.dtype)
    skip = _skipped(op)
    dx = None if 0 in skip else core.op1("Conv2DBackpropInput", [ops.shape(x), f, g], attrs, "Conv2DBackpropInput")
    df = None if 1 in skip else core.op1("Conv2DBackpropFilter", [x, ops.shape(f), g], attrs, "Conv2DBackpropFilter")
    return [dx, df]


@register("MaxPool")
def _max_pool(op, g):
    x = op.inputs[0]
    attrs = dict(_conv_attrs(op, "ksize", "strides", "padding", "data_format"), T=x.dtype)
    return [core.op1("MaxPoolGrad", [x, op.outputs[0], g], attrs, "MaxPoolGrad")]


@register("AvgPool")
def _avg_pool(op, g):
    x = op.inputs[0]
    attrs = dict(_conv_attrs(op, "ksize", "strides", "padding", "data_format"), T=x.dtype)
    return [core.op1("AvgPoolGrad", [ops.shape(x), g], attrs, "AvgPoolGrad")]

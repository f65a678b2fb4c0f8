"""Functional control flow: tf.cond (an If node over two traced branch graphs), tf.while_loop
(a While node over traced cond and body graphs, carrying tf.TensorArray loop variables as
dense buffers), tf.case (TF's sequence of conds), and their gradients (an If over
gradient branches; a host callback that replays the loop for While). Eagerly they run
the Python functions."""
import collections

import numpy as np

from . import array_ops, control_flow_ops, core, function, gradients, nest, script_ops, tensor_array
from .core import convert_to_tensor as _t, Tensor


def cond(pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    true_fn = true_fn or fn1
    false_fn = false_fn or fn2
    if core.executing_eagerly():
        p = core.convert_to_tensor(pred)
        return true_fn() if bool(p) else false_fn()
    if isinstance(pred, (bool, np.bool_)):
        return true_fn() if pred else false_fn()
    g = core.get_default_graph()
    p = core.convert_to_tensor(pred)
    with g.name_scope(name or "cond") as scope:
        tg, _, tout, tflat = function.trace_branch(true_fn, scope + "true")
        fg, _, fout, fflat = function.trace_branch(false_fn, scope + "false")
        tg._tfm_branch, fg._tfm_branch = (p, True), (p, False)   # TF1 escapes (core.capture)
        if len([t for t in tflat if isinstance(t, Tensor)]) != len([t for t in fflat if isinstance(t, Tensor)]):
            raise ValueError("true_fn and false_fn arguments to tf.cond must have the same number, type, and "
                             "overall structure of return values.")
        for a, b in zip(tflat, fflat):
            if isinstance(a, Tensor) and isinstance(b, Tensor) and a.dtype != b.dtype:
                raise TypeError("true_fn and false_fn arguments to tf.cond must have the same number, type, and "
                                "overall structure of return values.\n\ntrue_fn output: %s\nfalse_fn output: %s"
                                % (a, b))
        res = emit_if(p, scope, tg, tflat, fg, fflat)
    it = iter(res)
    flat = [next(it) if isinstance(t, Tensor) else (None if t is None else control_flow_ops.group()) for t in tflat]
    if tout is None:
        return None
    return nest.pack_sequence_as(tout, flat)


def emit_if(p, scope, tg, tflat, fg, fflat):
    """Adds the If node for two traced branch graphs (outputs `tflat`/`fflat`, tensors of the
    branch graphs, operations or None); returns its outputs. Used by cond and AutoGraph."""
    outer = []
    seen = set()
    for gr in (tg, fg):
        for t, _ in list(gr.captures):
            if id(t) not in seen:
                seen.add(id(t))
                outer.append(t)
    tens = [t for t in tflat if isinstance(t, Tensor)]
    ftens = [t for t in fflat if isinstance(t, Tensor)]
    # Each branch also returns the values of its stateful ops (variable reads, random
    # draws, nested calls), the other branch's slots zeros: the gradient (_if_grad) takes
    # them as inputs, so it neither runs a branch's side effects (a moving average's
    # assign) again nor reads values they changed.
    tsaved, fsaved = _stateful_values(tg), _stateful_values(fg)
    with tg.as_default():
        tpad = [array_ops.zeros([], dtype=t.dtype) for t in fsaved]
    with fg.as_default():
        fpad = [array_ops.zeros([], dtype=t.dtype) for t in tsaved]
    tid = function.register_branch(tg, [], list(tflat) + tsaved + tpad, outer)
    fid = function.register_branch(fg, [], list(fflat) + fpad + fsaved, outer)
    attrs = {"then_branch": tid, "else_branch": fid}
    merged = []
    for a, b in zip(tens, ftens):
        merged.append(a if a.shape == b.shape else type("T", (), {"shape": core.TensorShape(None) if a.shape.ndims != b.shape.ndims else core.TensorShape([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())]), "dtype": a.dtype})())
    for t in tsaved + fsaved:
        merged.append(type("T", (), {"shape": core.TensorShape(None), "dtype": t.dtype})())
    attrs.update(function.output_attrs(merged))
    # branch graphs for the gradient (_if_grad below); "_" attrs never reach the runtime
    attrs["_cond_info"] = (tg, tens, fg, ftens, list(outer), tsaved, fsaved)
    return core.apply_op("If", [p] + [core.capture(t) for t in outer], attrs, scope)


def _stateful_values(G):
    """A branch graph's stateful values (function.stateful_values) of the dtypes the other
    branch can pad with zeros: numbers and bools."""
    return [t for t in function.stateful_values(G) if t.dtype.is_floating or t.dtype.is_integer or t.dtype.is_bool]


class _Args(list):
    pass


class _Spec:
    """A loop variable's dtype and relaxed static shape (while_loop shape_invariants)."""

    def __init__(self, dtype, shape):
        self.dtype, self.shape = dtype, shape


def _while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None, return_same_structure=None):
    single = not isinstance(loop_vars, (list, tuple))
    struct = [loop_vars] if single else loop_vars
    if core.executing_eagerly():
        vals = list(struct)
        it = 0
        while bool(cond(*vals)) and (maximum_iterations is None or it < maximum_iterations):
            out = body(*vals)
            vals = [out] if single or not isinstance(out, (list, tuple)) else list(out)
            it += 1
        if single or (return_same_structure is False and len(vals) == 1):
            return vals[0]
        return type(loop_vars)(vals) if isinstance(loop_vars, tuple) else vals
    g = core.get_default_graph()
    flat_in = [core.convert_to_tensor(v) for v in nest.flatten(struct)]
    with g.name_scope(name or "while") as scope:
        def cfn(*phs):
            return cond(*nest.pack_sequence_as(struct, list(phs)))

        def bfn(*phs):
            out = body(*nest.pack_sequence_as(struct, list(phs)))
            if (maximum_iterations is not None and return_same_structure is False and not single
                    and isinstance(out, (list, tuple)) and type(out) is not type(loop_vars)):
                # v1 while_loop wraps the loop vars with its iteration counter and then
                # checks the body's structure strictly.
                raise TypeError("The two structures don't have the same nested structure.")
            if not isinstance(out, (list, tuple)):
                out = [out]
            return [core.convert_to_tensor(o, dtype=p.dtype) for o, p in zip(nest.flatten(list(out)), phs)]
        specs = flat_in
        if shape_invariants is not None:
            # the loop variables' static shapes inside the loop and after it
            inv = [shape_invariants] if single else nest.flatten(list(shape_invariants))
            specs = [_Spec(t.dtype, core.TensorShape(s)) if s is not None else t for t, s in zip(flat_in, inv)]
        args = _Args(specs)
        cg, cphs, _, cflat = function.trace_branch(cfn, scope + "cond", args)
        bg, bphs, _, bflat = function.trace_branch(bfn, scope + "body", args)
        outer = []
        seen = set()
        for gr in (cg, bg):
            for t, _ in list(gr.captures):
                if id(t) not in seen:
                    seen.add(id(t))
                    outer.append(t)
        for gr in (cg, bg):
            for t in outer:
                gr.capture(t)
        # body passes the captured values through unchanged
        with bg.as_default():
            bflat = list(bflat) + [array_ops.identity(bg._capture_map[id(t)][1]) for t in outer]
        cid = function.register_branch(cg, cphs, cflat, outer)
        bid = function.register_branch(bg, bphs, bflat, outer)
        attrs = {"cond": cid, "body": bid, "maximum_iterations": -1 if maximum_iterations is None else int(maximum_iterations)}
        attrs.update(function.output_attrs(list(specs) + [core.capture(t) for t in outer]))
        # what the gradient needs (_while_grad below); "_" attrs never reach the runtime
        attrs["_while_info"] = (bg, list(bphs), list(bflat[:len(flat_in)]), list(outer), cid, bid, len(flat_in),
                                maximum_iterations)
        res = core.apply_op("While", flat_in + [core.capture(t) for t in outer], attrs, scope)
    vals = res[:len(flat_in)]
    out = nest.pack_sequence_as(struct, vals)
    if single or (return_same_structure is False and len(vals) == 1):
        return out[0]
    return out


def _with_buffers(struct):
    return nest.map_structure(lambda v: v._as_buffer_ta()._buf if isinstance(v, tensor_array.TensorArray) else v, struct)


def _rewrap(templ, struct, shapes=None):
    ft, fs = nest.flatten(templ), nest.flatten(struct)
    out = []
    for k, (t, v) in enumerate(zip(ft, fs)):
        if isinstance(t, tensor_array.TensorArray):
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
    if core.executing_eagerly() or not any(isinstance(v, tensor_array.TensorArray) for v in leaves):
        return _while_loop(cond, body, loop_vars, *args, **kwargs)
    single = not isinstance(loop_vars, (list, tuple))
    templ = [loop_vars] if single else list(loop_vars)
    templ = [t._as_buffer_ta() if isinstance(t, tensor_array.TensorArray) else
             nest.map_structure(lambda v: v._as_buffer_ta() if isinstance(v, tensor_array.TensorArray) else v, t) for t in templ]
    shapes = {}

    def cond2(*a):
        return cond(*_rewrap(templ, list(a)))

    def body2(*a):
        out = body(*_rewrap(templ, list(a)))
        outl = [out] if single or not isinstance(out, (list, tuple)) else list(out)
        for k, v in enumerate(nest.flatten(outl)):
            if isinstance(v, tensor_array.TensorArray) and v._element_shape is not None:
                shapes[k] = v._element_shape
        res = _with_buffers(outl)
        return res[0] if single else (type(out)(res) if isinstance(out, tuple) else res)

    init = _with_buffers(templ)
    res = _while_loop(cond2, body2, init[0] if single else (type(loop_vars)(init) if isinstance(loop_vars, tuple) else init),
                            *args, **kwargs)
    resl = [res] if single else list(res)
    out = _rewrap(templ, resl, shapes)
    return out[0] if single else (type(res)(out) if isinstance(res, tuple) else out)


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
            check = script_ops.host_call(_assert_some, [array_ops.cast(p, core.bool_) for p in preds], [], "Assert")
        default = fns[-1]
        preds, fns = preds[:-1], fns[:-1]
        if not preds:
            prev = default()
    if preds:
        prev = None
        for i, (p, f) in enumerate(list(zip(preds, fns))[::-1]):
            other = default if i == 0 else (lambda v=prev: v)
            prev = cond(p, f, other, strict=strict)
    if check is not None:
        with control_flow_ops.control_dependencies([check]):
            prev = nest.map_structure(lambda t: array_ops.identity(t) if isinstance(t, core.Tensor) else t, prev)
    return prev


# ---------------------------------------------------------------------------- gradients
@core.register_gradient("If", "StatelessIf")
def _if_grad(op, *out_grads):
    """Gradient of a cond: an If over gradient functions built inside each branch graph
    (the branch graph gets gradient nodes; a second function over it returns them)."""
    import _tfrt
    tg, touts, fg, fouts, outer, tsaved, fsaved = op.get_attr("_cond_info")
    n = len(touts)
    grads_in = [g if g is not None else array_ops.zeros_like(o) for g, o in zip(out_grads[:n], op.outputs[:n])]
    ids = []
    for G, outs in ((tg, touts), (fg, fouts)):
        last = getattr(G, "_last_stateful", None)
        G._last_stateful = None   # no control edge back into the forward branch
        try:
            with G.as_default(), G.control_dependencies(None):
                gphs = []
                for o in outs:
                    ph = G._add_op("Placeholder", [], {"dtype": o.dtype, "shape": o.shape}, "grad_in",
                                   core._rt_attrs({"dtype": o.dtype, "shape": o.shape})).outputs[0]
                    gphs.append(ph)
                # the saved values: this branch's own stateful outputs, placeholders for the other's
                own = tsaved if G is tg else fsaved
                other = [G._add_op("Placeholder", [], {"dtype": t.dtype, "shape": core.TensorShape(None)}, "unused_saved",
                                   core._rt_attrs({"dtype": t.dtype, "shape": core.TensorShape(None)})).outputs[0]
                         for t in (fsaved if G is tg else tsaved)]
                saved_args = own + other if G is tg else other + own
                xs = [G._capture_map[id(t)][1] for t in outer]
                gs = gradients.gradients(list(outs), xs, grad_ys=gphs) if outs else [None] * len(xs)
                gs = [g if g is not None else array_ops.zeros_like(x) for g, x in zip(gs, xs)]
                gs = [array_ops.identity(g) for g in gs]
        finally:
            G._last_stateful = last
        if G is tg:
            branch_grads = gs
        ids.append(_tfrt.register_function(
            G._rt, [(x.op._id, x.value_index) for x in xs] + [(p.op._id, p.value_index) for p in gphs] +
            [(t.op._id, t.value_index) for t in saved_args],
            [(g.op._id, g.value_index) for g in gs], []))
    attrs = {"then_branch": ids[0], "else_branch": ids[1]}
    attrs.update(function.output_attrs(branch_grads))
    res = core.apply_op("If", [op.inputs[0]] + list(op.inputs[1:]) + grads_in + list(op.outputs[n:]), attrs,
                        "If_grad")
    return [None] + [r if r.dtype.is_floating else None for r in res]


@core.register_gradient("While", "StatelessWhile")
def _while_grad(op, *out_grads):
    """Gradient of a while_loop: a vector-Jacobian function is built inside the body graph;
    at run time a host callback replays the forward loop (keeping each iteration's loop
    variables) and applies the VJP from the last iteration back to the first."""
    import _tfrt
    bg, bphs, bouts, outer, cid, bid, n, max_iter = op.get_attr("_while_info")
    with bg.as_default():
        gphs = [bg._add_op("Placeholder", [], {"dtype": o.dtype, "shape": o.shape}, "grad_in",
                           core._rt_attrs({"dtype": o.dtype, "shape": o.shape})).outputs[0] for o in bouts]
        caps = [bg._capture_map[id(t)][1] for t in outer]
        xs = list(bphs) + caps
        gs = gradients.gradients(list(bouts), xs, grad_ys=gphs)
        # every loop variable gets a gradient (zeros if unconnected); captures only when they have one
        gs = [array_ops.identity(g) if g is not None else (array_ops.zeros_like(x) if k < n else None)
              for k, (g, x) in enumerate(zip(gs, xs))]
    live = [k for k, g in enumerate(gs) if g is not None]   # 0..n-1 first, then some captures
    vjp = _tfrt.register_function(
        bg._rt, [(p.op._id, p.value_index) for p in xs + gphs], [(gs[k].op._id, gs[k].value_index) for k in live], [])
    out_dtypes = [gs[k].dtype for k in live]
    static = [gs[k].shape.as_list() if gs[k].shape.is_fully_defined() else [] for k in live]
    grads_in = [g if g is not None else array_ops.zeros_like(o) for g, o in zip(out_grads[:n], op.outputs[:n])]
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

"""group/no_op/tuple, tf.cond and tf.while_loop (eager: Python; graph: functional If /
While nodes over traced branch/body graphs), tf.print, py_function."""
import sys

import numpy as np

from . import core, function, nest, ops, script_ops
from .core import Tensor
from .function import output_attrs


def no_op(name=None):
    if core.executing_eagerly():
        return None
    return core.get_default_graph()._add_op("NoOp", [], {}, name or "NoOp", {})


def group(*inputs, name=None):
    if core.executing_eagerly():
        return None
    deps = []
    for i in nest.flatten(list(inputs)):
        if i is None:
            continue
        if hasattr(i, "_as_graph_element") and not isinstance(i, (Tensor, core.Operation)):
            i = i._as_graph_element()
        deps.append(i.op if isinstance(i, Tensor) else i)
    g = core.get_default_graph()
    with g.control_dependencies(deps):
        return no_op(name=name or "group_deps")


def tuple_(tensors, name=None, control_inputs=None):
    if core.executing_eagerly():
        return list(tensors)
    gate = group(*tensors, *(control_inputs or []))
    with core.get_default_graph().control_dependencies([gate]):
        return [ops.identity(t) if t is not None else None for t in tensors]


def control_dependencies(control_inputs):
    if core.executing_eagerly():
        import contextlib
        return contextlib.nullcontext()
    return core.get_default_graph().control_dependencies(control_inputs)


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
    flat = [next(it) if isinstance(t, Tensor) else (None if t is None else group()) for t in tflat]
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
    tid = function.register_branch(tg, [], tflat, outer)
    fid = function.register_branch(fg, [], fflat, outer)
    tens = [t for t in tflat if isinstance(t, Tensor)]
    ftens = [t for t in fflat if isinstance(t, Tensor)]
    attrs = {"then_branch": tid, "else_branch": fid}
    merged = []
    for a, b in zip(tens, ftens):
        merged.append(a if a.shape == b.shape else type("T", (), {"shape": core.TensorShape(None) if a.shape.ndims != b.shape.ndims else core.TensorShape([x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())]), "dtype": a.dtype})())
    attrs.update(output_attrs(merged))
    # branch graphs for the gradient (grads.py); "_" attrs never reach the runtime
    attrs["_cond_info"] = (tg, tens, fg, ftens, list(outer))
    return core.apply_op("If", [p] + [core.capture(t) for t in outer], attrs, scope)


class _Args(list):
    pass


class _Spec:
    """A loop variable's dtype and relaxed static shape (while_loop shape_invariants)."""

    def __init__(self, dtype, shape):
        self.dtype, self.shape = dtype, shape


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
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
            bflat = list(bflat) + [ops.identity(bg._capture_map[id(t)][1]) for t in outer]
        cid = function.register_branch(cg, cphs, cflat, outer)
        bid = function.register_branch(bg, bphs, bflat, outer)
        attrs = {"cond": cid, "body": bid, "maximum_iterations": -1 if maximum_iterations is None else int(maximum_iterations)}
        attrs.update(output_attrs(list(specs) + [core.capture(t) for t in outer]))
        # what the gradient needs (grads.py); "_" attrs never reach the runtime
        attrs["_while_info"] = (bg, list(bphs), list(bflat[:len(flat_in)]), list(outer), cid, bid, len(flat_in),
                                maximum_iterations)
        res = core.apply_op("While", flat_in + [core.capture(t) for t in outer], attrs, scope)
    vals = res[:len(flat_in)]
    out = nest.pack_sequence_as(struct, vals)
    if single or (return_same_structure is False and len(vals) == 1):
        return out[0]
    return out


def _fmt_scalar(x):
    """One element as TF's tf.print (C++ SummarizeValue) writes it."""
    if isinstance(x, (bytes, str)):
        return '"%s"' % (x.decode("utf-8", "replace") if isinstance(x, bytes) else x)
    if isinstance(x, (np.bool_, bool)):
        return "1" if x else "0"
    if isinstance(x, np.floating):
        if x.dtype == np.float64:
            t = "%.15g" % x
            return t if float(t) == x else "%.17g" % x
        t = "%.6g" % x
        return t if np.float32(float(t)) == np.float32(x) or np.isnan(x) else "%.9g" % x
    if isinstance(x, np.integer):
        return str(int(x))
    return str(x)


def _fmt_array(a, summarize, depth=0):
    n = a.shape[0]
    if summarize >= 0 and n > 2 * summarize:
        idx = list(range(summarize)) + [None] + list(range(n - summarize, n))
    else:
        idx = list(range(n))
    if a.ndim == 1:
        return "[" + " ".join("..." if i is None else _fmt_scalar(a[i]) for i in idx) + "]"
    sep = "\n" * (a.ndim - 1) + " " * (depth + 1)
    return "[" + sep.join("..." if i is None else _fmt_array(a[i], summarize, depth + 1) for i in idx) + "]"


def _format(v, summarize=3):
    if isinstance(v, Tensor):
        v = v._numpy() if isinstance(v, core.EagerTensor) else v
    if hasattr(v, "_as_tensor") and not isinstance(v, Tensor) and core.executing_eagerly():
        v = v._as_tensor()._numpy()
    if isinstance(v, np.ndarray):
        if v.ndim == 0:
            return _fmt_scalar(v[()])
        if v.size == 0:
            return "[]"
        return _fmt_array(v, summarize if summarize is not None else 3)
    if isinstance(v, (np.generic, bytes)):
        return _fmt_scalar(v)
    if isinstance(v, dict):
        return "{" + ", ".join("%r: %s" % (k, _format(v[k], summarize)) for k in v) + "}"
    if isinstance(v, (list, tuple)):
        inner = ", ".join(_format(x, summarize) for x in v)
        return "[%s]" % inner if isinstance(v, list) else "(%s)" % inner
    return str(v)


def _is_tensorish(x):
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")


def print_(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):
    """tf.print: eagerly prints now; in a graph or tf.function a PrintV2 node prints each
    time it runs (every call of the function), formatted as TensorFlow does."""
    stream = output_stream
    if isinstance(stream, str):
        stream = sys.stdout if "stdout" in stream else sys.stderr

    def emit(vals):
        # TF's PrintV2 kernel writes to the process's stdout/stderr in C++, beneath Python's
        # sys.stdout (so `tfmigrate run` traces do not record it, for either backend)
        text = sep.join(_format(v, summarize) for v in vals) + end
        if stream is sys.stdout or stream is sys.__stdout__ or getattr(stream, "_s", None) is sys.__stdout__:
            sys.stdout.flush()
            sys.__stdout__.write(text)
            sys.__stdout__.flush()
        elif stream is sys.stderr or stream is sys.__stderr__:
            sys.stderr.write(text)
        else:
            stream.write(text)

    if core.executing_eagerly():
        emit(inputs)
        return None
    leaves = nest.flatten(list(inputs))
    tensors = [core.convert_to_tensor(i) for i in leaves if _is_tensorish(i)]

    def cb(vals):
        it = iter(vals)
        emit(nest.pack_sequence_as(list(inputs), [next(it) if _is_tensorish(t) else t for t in leaves]))
        return []
    return script_ops.host_call(cb, tensors, [], name or "PrintV2")

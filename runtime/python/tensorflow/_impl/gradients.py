"""Autodiff (TensorFlow's gradients_impl and backprop): reverse-mode accumulation over the
gradient functions each op family registers in core (array_grad.py, math_grad.py,
nn_grad.py, linalg_grad.py, image_grad.py; control flow and tf.function calls register
theirs where they build the ops), used symbolically by tf.gradients (graph mode,
optimizer.minimize) and by GradientTape (eager, or inside tf.function); tf.hessians;
tf.IndexedSlices."""
import numpy as np

from . import array_ops, core, math_ops, variables
from . import array_grad, image_grad, linalg_grad, math_grad, nn_grad  # noqa: F401 (each registers its family's gradients)
from .core import convert_to_tensor as _t


_CALL_OPS = ("StatefulPartitionedCall", "PartitionedCall")


class _TapeOp:
    def __init__(self, op_type, inputs, outputs, attrs):
        self.type, self.inputs, self.outputs, self._attrs = op_type, inputs, outputs, attrs

    def get_attr(self, name):
        return self._attrs.get(name)


def _tf_backprop_order(entries, targets):
    """The order in which TensorFlow's tf.gradients visits the ops (gradients_util's
    _GradientsHelper): a queue started with the targets' ops, an op entering it once every
    consumer of its outputs among `entries` has been visited (input edges counted one by
    one). Gradient contributions to a tensor are added (AddN) in the order its consumers
    were visited, so this order fixes the rounding of every sum of several contributions."""
    ids = {id(op) for op in entries}
    pending = {}
    for op in entries:
        for x in op.inputs:
            if id(x.op) in ids:
                pending[id(x.op)] = pending.get(id(x.op), 0) + 1
    queue, seen, order = [], set(), []
    for t in targets:
        op = t.op
        if id(op) in ids and pending.get(id(op), 0) == 0 and id(op) not in seen:
            seen.add(id(op))
            queue.append(op)
    i = 0
    while i < len(queue):
        op = queue[i]
        i += 1
        order.append(op)
        for x in op.inputs:
            k = id(x.op)
            if k in ids:
                pending[k] -= 1
                if pending[k] == 0 and k not in seen:
                    seen.add(k)
                    queue.append(x.op)
    if len(order) < len(entries):  # not reached from the targets (should not happen): creation order, reversed
        order.extend(op for op in reversed(entries) if id(op) not in seen)
    return order


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
    # the tensors a wanted source reaches (both modes): an op none of whose inputs is among
    # them lies off every path from the sources, and TensorFlow never asks for its gradient
    # (a stateful random op's PyFunc, say, whose output a product also takes)
    reached = set(want_ids)
    for op in entries:
        if any(id(x) in reached for x in op.inputs):
            reached.update(id(o) for o in op.outputs)
    order = reversed(entries) if core.executing_eagerly() else _tf_backprop_order(entries, targets)
    for op in order:
        outs = [grads.get(id(o)) for o in op.outputs]
        if not any(outs):
            continue
        if op.type in core._NOT_DIFFERENTIABLE:
            continue
        fn = core._GRADIENTS.get(op.type)
        if fn is None and not any(id(x) in reached for x in op.inputs):
            continue
        if fn is None:
            raise LookupError("No gradient defined for operation '%s' (op type: %s). In general every operation "
                              "must have an associated `@tf.RegisterGradient` for correct autodiff, which this one "
                              "is lacking." % (getattr(op, "name", op.type), op.type))
        gsum = []
        for o, gl in zip(op.outputs, outs):
            if gl is None:
                gsum.append(None)
            else:
                gsum.append(gl[0] if len(gl) == 1 else math_ops.add_n(gl))
        if gsum[0] is None:
            gsum[0] = array_ops.zeros_like(op.outputs[0])
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
        out[k] = None if not gl else (gl[0] if len(gl) == 1 else math_ops.add_n(gl))
    return out


def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False, gate_gradients=False,
              aggregation_method=None, stop_gradients=None, unconnected_gradients="none"):
    if core.executing_eagerly():
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead.")
    ys = list(ys) if isinstance(ys, (list, tuple)) else [ys]
    xs_list = list(xs) if isinstance(xs, (list, tuple)) else [xs]
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
            grad_ys = [array_ops.ones_like(y) for y in ys]
        else:
            grad_ys = list(grad_ys) if isinstance(grad_ys, (list, tuple)) else [grad_ys]  # one tensor: TF's _AsList
            grad_ys = [core.convert_to_tensor(gy, dtype=y.dtype) if gy is not None else array_ops.ones_like(y) for gy, y in zip(grad_ys, ys)]
        res = _backprop(entries, ys, grad_ys, [id(t) for t in xts])
    out = [res[id(t)] for t in xts]
    if unconnected_gradients == "zero":
        out = [o if o is not None else array_ops.zeros_like(x) for o, x in zip(out, xts)]
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
            shared = _shared_of(inputs[0])
            for v in list(variables._all_resource_vars.values()):
                if v._shared == shared and v.trainable and not any(w is v for w in self._watched_vars):
                    self._watched_vars.append(v)
        if op_type in _CALL_OPS and self._watch_vars and attrs.get("_concrete") is not None:
            # a tf.function call reads the variables whose handles it captured
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
            tg = output_gradients if output_gradients is not None else [array_ops.ones_like(t) for t in targets]
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
                    g = None if not gl else (gl[0] if len(gl) == 1 else math_ops.add_n(gl))
                else:
                    g = res[id(s)] if id(s) in self._watched else None
                if g is None and unconnected_gradients == "zero":
                    g = array_ops.zeros_like(s)
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
            v = core.constant_value(self.dense_shape) if self.dense_shape is not None else None
            ss = None if v is None else [int(d) for d in np.asarray(v).ravel()]
        if ss is None:
            raise core.UnsupportedSymbolError("tf.IndexedSlices with an unknown dense shape")
        oh = array_ops.one_hot(self.indices, ss[0], dtype=self.values.dtype)          # [n, depth]
        rest = int(np.prod(ss[1:])) if len(ss) > 1 else 1
        v2 = array_ops.reshape(self.values, [-1, rest])
        return array_ops.reshape(math_ops.matmul(oh, v2, transpose_a=True), ss)

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
        axis = core.constant_value(e.inputs[2]) if len(e.inputs) > 2 else 0
        if axis is None or int(np.asarray(axis)) != 0:
            return []
        gathers.append(e)
    return gathers


def _indexed_slices(parts, var):
    vals, idxs = [], []
    ps = var.shape.as_list()
    for g, e in parts:
        vals.append(array_ops.reshape(g, [-1] + ps[1:]))
        idxs.append(array_ops.reshape(e.inputs[1], [-1]))
    values = vals[0] if len(vals) == 1 else array_ops.concat(vals, 0)
    indices = idxs[0] if len(idxs) == 1 else array_ops.concat(idxs, 0)
    return IndexedSlices(values, indices, array_ops.shape(e.inputs[0]), _static_shape=ps)


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


def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    xs = list(xs) if isinstance(xs, (list, tuple)) else [xs]
    first = gradients(ys, xs)
    out = []
    for g, x in zip(first, xs):
        x = _t(x) if not isinstance(x, variables.Variable) else x
        xshape = x.shape.as_list() if x.shape.is_fully_defined() else None
        if xshape is None:
            core.unsupported("tf.hessians with respect to a tensor of unknown shape")
        n = int(np.prod(xshape))
        flat = array_ops.reshape(g, [-1])
        rows = []
        for j in range(n):
            r = gradients(flat[j], x)[0]
            if r is None:
                r = array_ops.zeros(xshape, x.dtype)
            rows.append(r)
        out.append(array_ops.reshape(array_ops.stack(rows), xshape + xshape))
    return out

"""Tracing, in one place: FuncGraph (the graph a function, a cond branch or a loop body is
traced into: captures, automatic control dependencies, TF1 branch escapes), the function
library registration of traced graphs, and tf.function (ConcreteFunction, Function): one
concrete function per input signature (tensor dtype/shape, Python values, object
identity), Python run only while tracing, TF's variable-creation rules (the first call may
create variables and is then traced again; later traces may not), calls through the
runtime's function library, and the gradient of a call (StatefulPartitionedCall).
AutoGraph (autograph.py) converts the Python function before it is traced."""
import functools
import weakref

import numpy as np

import _tfrt
from . import array_ops, core, data, gradients, nest, script_ops, variables
from .core import Tensor


_autograph = [None]   # AutoGraph's convert, set by autograph.py (it sits above: it builds control flow)


def set_autograph(convert):
    _autograph[0] = convert


_VAR_MSG = ("tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable "
            "is only created once or created outside tf.function. See "
            "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.")


class FuncGraph(core.Graph):
    """The graph of a tf.function, a tf.cond branch or a tf.while_loop body. Tensors of
    enclosing graphs (and eager tensors) used in it become placeholders (`captures`), and
    every stateful op runs after the previous one (automatic control dependencies)."""

    def __init__(self, name, outer=None):
        super().__init__()
        self.name = name
        self.building_function = True
        self.captures = []          # (outer tensor, placeholder)
        self._capture_map = {}
        self.outer = outer
        self.seed = getattr(outer, "seed", None) if outer is not None else None
        self._last_stateful = None

    def _control_inputs_for(self, op_type):
        control = super()._control_inputs_for(op_type)
        if self._last_stateful is not None and _tfrt.is_stateful(op_type):
            control = control + [self._last_stateful]   # automatic control dependencies
        return control

    def _add_op(self, op_type, inputs, attrs, name, rt_attrs):
        op = super()._add_op(op_type, inputs, attrs, name, rt_attrs)
        if _tfrt.is_stateful(op_type):
            self._last_stateful = op
        return op

    def capture(self, t):
        hit = self._capture_map.get(id(t))
        if hit is not None:
            return hit[1]
        if not isinstance(t, core.EagerTensor):
            g = self.outer
            while g is not None and g is not t.graph:
                g = getattr(g, "outer", None)
            if g is None:
                raise core.InaccessibleTensorError(
                    "%r is out of scope and cannot be used here. Use return values, explicit Python locals or "
                    "TensorFlow collections to access it. (it was defined in the graph %r, which is out of "
                    "scope)" % (t, getattr(t.graph, "name", "?")))
        if not isinstance(t, core.EagerTensor) and self.outer is not None and t.graph is not self.outer \
                and isinstance(self.outer, FuncGraph):
            t = self.outer.capture(t)   # nested: capture through the enclosing function
        ph = self._add_op("Placeholder", [], {"dtype": t.dtype, "shape": t.shape}, "Placeholder",
                          core._rt_attrs({"dtype": t.dtype if t.dtype != core.resource else core.string, "shape": t.shape})).outputs[0]
        ph._dtype = t.dtype
        self._capture_map[id(t)] = (t, ph)
        self.captures.append((t, ph))
        return ph

    def escape(self, t, g):
        """`t`, a tensor of this TF1 cond branch, used in the enclosing graph `g` after the
        cond (core.capture): its computation copied into `g`, failing when fetched if the
        other branch ran (a dead tensor in TF1)."""
        memo = self.__dict__.setdefault("_tfm_guarded", {})
        if id(t) not in memo:
            memo[id(t)] = _guard_branch(_inline_escaped(t, g), getattr(self, "_tfm_branch", None))
        return memo[id(t)]


def _guard_branch(out, branch):
    """A TF1 branch tensor is dead when the other branch runs: fetching it fails."""
    if branch is None:
        return out
    pred, taken = branch

    def check(vals):
        p, v = vals
        if bool(p) != taken:
            raise _tfrt.StatusError(3, "Retval does not have value: the tf.cond branch that computes %s was "
                                       "not taken" % out.name)
        return [np.asarray(v)]
    res = script_ops.host_call(check, [pred, out], [out.dtype], "Switch")[0]
    res.set_shape(out.shape)
    return res


def _inline_escaped(t, g):
    """TF1 control flow (v1) builds cond branches into the enclosing graph, so a tensor
    made in a branch can be used after the cond; the bundled cond traces branch graphs,
    so such a tensor's computation is copied into the enclosing graph (computed whether
    or not the branch is taken, as TF1 does for it)."""
    memo = t.graph.__dict__.setdefault("_tfm_escaped", {})
    op = t.op
    if op._id not in memo:
        if op.type == "Placeholder":
            for outer, ph in getattr(op.graph, "captures", []):
                if ph.op is op:
                    memo[op._id] = [core.capture(outer)]
                    break
            else:
                raise ValueError("Tensor %s of a control-flow body cannot be used outside it." % t.name)
        elif op.type == "Const":
            memo[op._id] = [core.constant_value_tensor(op._attrs["value"], op._attrs["dtype"], op.name.split("/")[-1])]
        else:
            ins = [_inline_escaped(i, g) if i.graph is not g else i for i in op.inputs]
            memo[op._id] = core.apply_op(op.type, ins, op._attrs, op.name.split("/")[-1])
    return memo[op._id][t.value_index]


def _dtype_code(d):
    return {"float32": 1, "float64": 2, "int32": 3, "string": 7, "resource": 7, "int64": 9, "bool": 10}[d.name]


def output_attrs(tensors):
    ranks, dims = [], []
    for t in tensors:
        if t.shape.ndims is None:
            ranks.append(-2)
        else:
            ranks.append(t.shape.ndims)
            dims.extend(-1 if d is None else d for d in t.shape.as_list())
    return {"Tout": [_dtype_code(t.dtype) for t in tensors], "output_ranks": ranks, "output_dims": dims}


def trace_graph(fn, name):
    """Traces `fn()` into a FuncGraph inside the default graph (AutoGraph's branches)."""
    outer = core.get_default_graph()
    fg = FuncGraph(name, outer)
    fg.seed = outer.seed
    with fg.as_default():
        out = fn()
    return fg, out


def trace_branch(fn, name, args=None):
    """Traces a cond branch or a while_loop cond/body: `fn(*placeholders for args)` in a
    FuncGraph; returns (graph, placeholders, outputs, flat outputs) with every flat
    output a tensor of the graph, an operation or None."""
    outer = core.get_default_graph()
    fg = FuncGraph(name, outer)
    fg.seed = outer.seed
    # TF1 control flow (v2 behavior disabled) builds branches and loop bodies in the
    # enclosing graph, so their random ops take op seeds from that graph's counter.
    if not core.behavior.resource_variables:
        fg._tfm_seed_graph = getattr(outer, "_tfm_seed_graph", None) or (None if isinstance(outer, FuncGraph) else outer)
    phs = []
    with fg.as_default():
        if args is not None:
            for a in args:
                ph = fg._add_op("Placeholder", [], {"dtype": a.dtype, "shape": a.shape}, "loop_var",
                                core._rt_attrs({"dtype": a.dtype, "shape": a.shape})).outputs[0]
                phs.append(ph)
            out = fn(*nest.pack_sequence_as(args._struct, phs)) if hasattr(args, "_struct") else fn(*phs)
        else:
            out = fn()
        flat = []
        for o in nest.flatten(out):
            if o is None:
                flat.append(None)
                continue
            if hasattr(o, "_as_tensor") and not isinstance(o, Tensor):
                o = o._as_tensor()
            if isinstance(o, core.Operation):
                flat.append(o)
                continue
            o = core.convert_to_tensor(o)
            if o.graph is not fg or o.op.type == "Placeholder":
                o = array_ops.identity(o)
            flat.append(o)
    return fg, phs, out, flat


def stateful_values(G):
    """The outputs of a graph's stateful ops (not its placeholders or variable handles) that
    a function can return: what a gradient takes as saved inputs instead of running them
    again (a call's, a cond branch's)."""
    saved = []
    for op in G._ops:
        if op.type in ("Placeholder", "VarHandleOp") or not _tfrt.is_stateful(op.type):
            continue
        for t in op.outputs:
            try:
                _dtype_code(t.dtype)
            except KeyError:
                continue
            if t.dtype != core.resource:
                saved.append(t)
    return saved


def register_branch(fg, phs, flat, outer_list):
    """Registers a traced branch or loop body with the runtime's function library: its
    arguments are `phs` and the captures of `outer_list`, its outputs the tensors of
    `flat`; every stateful op (and every operation in `flat`) runs. Returns the id."""
    for t in outer_list:
        fg.capture(t)
    args = [(p.op._id, p.value_index) for p in phs] + [(fg._capture_map[id(t)][1].op._id, 0) for t in outer_list]
    outs = [(t.op._id, t.value_index) for t in flat if isinstance(t, Tensor)]
    targets = [op._id for op in fg._ops if _tfrt.is_stateful(op.type) and op.type not in ("VarHandleOp", "Placeholder")]
    targets += [t._id for t in flat if isinstance(t, core.Operation)]
    return _tfrt.register_function(fg._rt, args, outs, targets)


class TensorSpec:
    def __init__(self, shape, dtype=core.float32, name=None):
        self.shape, self.dtype, self.name = core.TensorShape(shape), core.as_dtype(dtype), name

    def __repr__(self):
        return "TensorSpec(shape=%s, dtype=%r, name=%r)" % (self.shape, self.dtype, self.name)


class ConcreteFunction:
    def __init__(self, graph, arg_placeholders, outputs_struct, flat_outputs):
        self.graph = graph
        self._args = arg_placeholders
        self._struct = outputs_struct
        self._flat_out = flat_outputs
        self.captured_inputs = [c for c, _ in graph.captures]
        targets = [op._id for op in graph._ops if _tfrt.is_stateful(op.type) and op.type not in ("VarHandleOp", "Placeholder")]
        self._id = _tfrt.register_function(
            graph._rt, [(p.op._id, p.value_index) for p in arg_placeholders] + [(p.op._id, p.value_index) for _, p in graph.captures],
            [(t.op._id, t.value_index) for t in flat_outputs if isinstance(t, Tensor)], targets)

    @property
    def output_shapes(self):
        """The static shape of each output (as TensorFlow's ConcreteFunction.output_shapes)."""
        return nest.map_structure(lambda t: t.shape if isinstance(t, Tensor) else None, self._struct)

    def _saved_variant(self):
        """(function id, saved tensors): the forward function that also returns the outputs
        of its stateful ops (variable reads, random ops, nested calls). Its gradient takes
        them as inputs, so the backward pass neither re-runs side effects nor sees values
        the forward pass changed afterwards."""
        if getattr(self, "_saved", None) is None:
            G = self.graph
            saved = stateful_values(G)
            outs = [t for t in self._flat_out if isinstance(t, Tensor)] + saved
            targets = [op._id for op in G._ops if _tfrt.is_stateful(op.type) and op.type not in ("VarHandleOp", "Placeholder")]
            fid = _tfrt.register_function(
                G._rt, [(p.op._id, p.value_index) for p in self._args] + [(p.op._id, p.value_index) for _, p in G.captures],
                [(t.op._id, t.value_index) for t in outs], targets)
            self._saved = (fid, saved)
        return self._saved

    def _backward(self):
        """(function id, differentiated output indices, input indices with a gradient): the
        backward function of this call, built once from the symbolic gradient of the graph.
        Its arguments are the call's inputs, the saved tensors and the output gradients."""
        if getattr(self, "_bwd", None) is None:
            _, saved = self._saved_variant()
            G = self.graph
            xs = list(self._args) + [ph for _, ph in G.captures]
            ys = [t for t in self._flat_out if isinstance(t, Tensor)]
            fl = [k for k, y in enumerate(ys) if y.dtype.is_floating]
            saved_tapes, core.ctx.tapes = core.ctx.tapes, []
            last, G._last_stateful = G._last_stateful, None   # no control edge back into the forward pass
            try:
                with G.as_default(), G.name_scope(None), G.control_dependencies(None):
                    gphs = [G._add_op("Placeholder", [], {"dtype": ys[k].dtype, "shape": ys[k].shape}, "grad_in",
                                      core._rt_attrs({"dtype": ys[k].dtype, "shape": ys[k].shape})).outputs[0]
                            for k in fl]
                    gs = gradients.gradients([ys[k] for k in fl], xs, grad_ys=gphs) if fl else [None] * len(xs)
                    live = [i for i, g in enumerate(gs) if g is not None and
                            (xs[i].dtype.is_floating or xs[i].dtype == core.resource)]
                    outs = [array_ops.identity(gs[i]) for i in live]
            finally:
                G._last_stateful = last
                core.ctx.tapes = saved_tapes
            fid = _tfrt.register_function(
                G._rt, [(t.op._id, t.value_index) for t in xs + saved + gphs],
                [(t.op._id, t.value_index) for t in outs], [])
            self._bwd = (fid, fl, live, outs)
        return self._bwd

    def call_flat(self, flat_args):
        caps = [c for c, _ in self.graph.captures]
        n_out = sum(1 for t in self._flat_out if isinstance(t, Tensor))
        if core.executing_eagerly():
            args = [core.convert_to_tensor(a) for a in flat_args]
            ins = [a._rt for a in args] + [c._rt for c in caps]
            taped = bool(core.ctx.tapes)
            fid = self._saved_variant()[0] if taped else self._id
            try:
                outs = _tfrt.call_function(fid, ins)
            except _tfrt.StatusError as e:
                core.raise_status(e)
            outs = [core.EagerTensor(o) for o in outs]
            if taped:
                # the outer tape sees the call as one op, differentiated by _call_grad (below)
                for tape in list(core.ctx.tapes):
                    tape._record("StatefulPartitionedCall", args + caps, outs, {"_concrete": self})
            res = iter(outs[:n_out])
        else:
            ins = [core.convert_to_tensor(a) for a in flat_args] + [core.capture(c) for c in caps]
            fid, saved = self._saved_variant()
            tens = [t for t in self._flat_out if isinstance(t, Tensor)] + saved
            attrs = {"f": fid, "_concrete": self}
            attrs.update(output_attrs(tens))
            res = iter(core.apply_op("StatefulPartitionedCall", ins, attrs, "StatefulPartitionedCall")[:n_out])
        flat = [next(res) if isinstance(t, Tensor) else t for t in self._flat_out]
        return nest.pack_sequence_as(self._struct, flat)


def _arg_key(a):
    if isinstance(a, core.EagerTensor) or (isinstance(a, Tensor)):
        return ("T", a.dtype.name, tuple(a.shape._dims) if a.shape._dims is not None else None)
    if isinstance(a, variables.Variable):
        return ("V", id(a))
    if isinstance(a, np.ndarray):
        return ("T", core.as_dtype(a.dtype).name if a.dtype.kind not in "OUS" else "string", a.shape)
    if isinstance(a, (list, tuple)):
        return (type(a).__name__,) + tuple(_arg_key(x) for x in a)
    if isinstance(a, dict):
        return ("dict",) + tuple((k, _arg_key(a[k])) for k in sorted(a))
    if hasattr(a, "_spec_key"):
        return a._spec_key()
    if isinstance(a, data.OwnedIterator):
        return ("I",) + a._ds._spec_key()
    if isinstance(a, (int, float, bool, str, type(None))):
        return ("P", type(a).__name__, a)
    try:
        hash(a)
        return ("O", a)
    except TypeError:
        return ("O", id(a))


def _param_names(fn, n):
    import inspect
    try:
        params = [p for p in inspect.signature(fn).parameters.values()]
    except (TypeError, ValueError):
        params = []
    names = []
    for i in range(n):
        if i < len(params) and params[i].kind in (params[i].POSITIONAL_ONLY, params[i].POSITIONAL_OR_KEYWORD):
            names.append(params[i].name)
        elif params and params[min(i, len(params) - 1)].kind == params[0].VAR_POSITIONAL:
            names.append(params[min(i, len(params) - 1)].name)
        else:
            names.append("args_%d" % i)
    return names


class Function:
    def __init__(self, python_function, name=None, input_signature=None, autograph=True, jit_compile=None,
                 reduce_retracing=False, experimental_relax_shapes=None, **kw):
        self._python_function = python_function
        self._name = name or getattr(python_function, "__name__", "function")
        self._input_signature = input_signature
        self._autograph = autograph
        self._converted = None
        self._cache = {}
        self._created_variables = False
        self._traced_once = False
        self._tracing_count = 0
        self._bound = weakref.WeakKeyDictionary() if True else None
        functools.update_wrapper(self, python_function)

    python_function = property(lambda self: self._python_function)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        try:
            f = self._bound.get(instance)
        except TypeError:
            f = None
        if f is None:
            f = Function(functools.partial(self._python_function, instance), name=self._name,
                         input_signature=self._input_signature, autograph=self._autograph)
            try:
                self._bound[instance] = f
            except TypeError:
                pass
        return f

    def experimental_get_tracing_count(self):
        return self._tracing_count

    def _flatten_args(self, args, kwargs):
        if self._input_signature is not None:
            if kwargs or len(args) < len(self._input_signature):
                # As TF canonicalizes the call: keyword arguments take their parameter's
                # place in the signature's (positional) order, and parameters left out
                # take their defaults (then converted as the signature says).
                import inspect
                sig_params = list(inspect.signature(self._python_function).parameters.values())
                if sig_params and sig_params[0].name == "self" and hasattr(self._python_function, "__self__"):
                    sig_params = sig_params[1:]
                args = list(args)
                for p in sig_params[len(args):len(self._input_signature)]:
                    if p.name in kwargs:
                        args.append(kwargs.pop(p.name))
                    elif p.default is not inspect.Parameter.empty:
                        args.append(p.default)
                    else:
                        break
                if kwargs:
                    raise TypeError("%s got unexpected keyword arguments: %s"
                                    % (getattr(self._python_function, "__name__", "function"), ", ".join(sorted(kwargs))))
                args = tuple(args)
            args = tuple(a if isinstance(s, data.IteratorSpec) else core.convert_to_tensor(a, dtype=s.dtype)
                         for a, s in zip(args, self._input_signature))
        elif any(isinstance(a, np.generic) for a in nest.flatten([list(args), kwargs])):
            # a NumPy scalar is a tensor argument like a NumPy array (traced by dtype, not value)
            def scalar_as_array(a):
                return np.asarray(a) if isinstance(a, np.generic) else a
            args = tuple(nest.map_structure(scalar_as_array, a) for a in args)
            kwargs = {k: nest.map_structure(scalar_as_array, v) for k, v in kwargs.items()}
        return args, kwargs

    def _trace(self, args, kwargs, allow_vars):
        outer = core.get_default_graph() if not core.executing_eagerly() else None
        fg = FuncGraph(self._name, outer)
        placeholders = []
        created = []
        ds_slots = []
        it_slots = []

        def hook(v):
            if not allow_vars:
                raise ValueError(_VAR_MSG)
            created.append(v)

        def to_placeholder(a, spec=None, pname="x"):
            if isinstance(a, data.OwnedIterator):
                # an iterator argument: the trace reads whichever iterator the call passes
                slot = [a]
                it_slots.append(slot)
                return data.IteratorArg(slot)
            if (isinstance(a, (Tensor, np.ndarray)) or (spec is not None and a is spec)) \
                    and not isinstance(a, variables.Variable):
                dt = spec.dtype if spec is not None else (a.dtype if isinstance(a, Tensor) else core.as_dtype(a.dtype))
                shape = spec.shape if spec is not None else (a.shape if isinstance(a, Tensor) else core.TensorShape(a.shape))
                with fg.name_scope(None):
                    ph = fg._add_op("Placeholder", [], {"dtype": dt, "shape": shape}, (spec.name if spec is not None and spec.name else pname),
                                    core._rt_attrs({"dtype": dt, "shape": shape})).outputs[0]
                placeholders.append(ph)
                return ph
            if hasattr(a, "_spec_key"):
                # a dataset argument: the trace iterates whichever dataset the call passes
                slot = [a]
                ds_slots.append(slot)
                return data.Dataset(lambda: slot[0]._gen(), a._kind)
            return a

        fg._capture_variables = outer is None
        saved_tapes, core.ctx.tapes = core.ctx.tapes, []   # a caller's tape records the call, not the trace
        with fg.as_default():
            core.ctx.eager_override.append(False)
            variables._creator_hooks.append(hook)
            try:
                pnames = _param_names(self._python_function, len(args))
                if self._input_signature is not None:
                    targs = [to_placeholder(a, s, n) for a, s, n in zip(args, self._input_signature, pnames)]
                else:
                    # placeholders are named after the Python parameters, as TF does
                    targs = [nest.pack_sequence_as(a, [to_placeholder(x, None, n) for x in nest.flatten(a)])
                             for a, n in zip(args, pnames)]
                tkwargs = {k: nest.pack_sequence_as(v, [to_placeholder(x, None, k) for x in nest.flatten(v)])
                           for k, v in kwargs.items()}
                self._tracing_count_hook()
                if self._converted is None:
                    self._converted = _autograph[0](self._python_function) if self._autograph \
                        else self._python_function
                out = self._converted(*targs, **tkwargs)
                flat = []
                for o in nest.flatten(out):
                    if isinstance(o, variables.Variable):
                        o = o.value()
                    if isinstance(o, core.Operation):
                        # TF 2.x: an operation is not a function output (return None, or run it for its effect)
                        raise TypeError(
                            "To be compatible with tf.function, Python functions must return zero or more Tensors "
                            "or ExtensionTypes or None values; in compilation of %r, found return value of type "
                            "Operation, which is not a Tensor or ExtensionType." % (self._python_function,))
                    if o is not None and not isinstance(o, Tensor):
                        o = core.convert_to_tensor(o)
                    if isinstance(o, core.EagerTensor) or (isinstance(o, Tensor) and o.graph is not fg):
                        o = core.capture(o)
                        o = core.op1("Identity", [o], {}, "Identity")
                    flat.append(o)
            finally:
                variables._creator_hooks.remove(hook)
                core.ctx.eager_override.pop()
                core.ctx.tapes = saved_tapes
        struct = out
        cf = ConcreteFunction(fg, placeholders, struct, flat)
        cf._ds_slots = ds_slots
        cf._it_slots = it_slots
        return cf, created

    def _tracing_count_hook(self):
        pass

    @property
    def input_signature(self):
        """The TensorSpecs the function was made with (a tuple), or None."""
        return None if self._input_signature is None else tuple(self._input_signature)

    def get_concrete_function(self, *args, **kwargs):
        key = (tuple(_arg_key(a) for a in args), tuple(sorted((k, _arg_key(v)) for k, v in kwargs.items())))
        if self._input_signature is not None:
            key = ("sig",)
            if not args and not kwargs:
                args = tuple(self._input_signature)   # traced for the signature alone, as TF does
        cf = self._cache.get(key)
        if cf is None:
            n_pending = len(variables.pending_inits)
            try:
                cf = self._trace_and_cache(key, args, kwargs)
            except BaseException:
                del variables.pending_inits[n_pending:]   # variables of a failed trace stay uninitialized
                raise
        return cf

    def _trace_and_cache(self, key, args, kwargs):
        cf, created = self._trace(args, kwargs, allow_vars=not self._traced_once)
        self._created_vars = getattr(self, "_created_vars", []) + list(created)   # the function owns them
        if created and not self._traced_once:
            self._traced_once = True
            cf, _ = self._trace(args, kwargs, allow_vars=False)
        self._traced_once = True
        self._cache[key] = cf
        self._tracing_count += 1
        return cf

    def __call__(self, *args, **kwargs):
        args, kwargs = self._flatten_args(args, kwargs)
        cf = self.get_concrete_function(*args, **kwargs)
        while variables.pending_inits:
            variables.pending_inits.pop(0)()
        flat_args = nest.flatten([list(args), kwargs] if kwargs else list(args))
        flat_in = [a for a in flat_args if isinstance(a, (Tensor, np.ndarray)) and not isinstance(a, variables.Variable)]
        slots = getattr(cf, "_ds_slots", None)
        if slots:
            for slot, ds in zip(slots, [a for a in flat_args if hasattr(a, "_spec_key")]):
                slot[0] = ds
        for slot, it in zip(getattr(cf, "_it_slots", ()), [a for a in flat_args if isinstance(a, data.OwnedIterator)]):
            slot[0] = it
        return cf.call_flat(flat_in)

    def __repr__(self):
        return "<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function object at 0x%x>" % id(self)


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_relax_shapes=None, name=None, **kw):
    def deco(f):
        return Function(f, name=name, input_signature=input_signature, autograph=autograph)
    if func is not None:
        return deco(func)
    return deco


# ---------------------------------------------------------------------------- the gradient of a call
@core.register_gradient("StatefulPartitionedCall", "PartitionedCall")
def _call_grad(op, *out_grads):
    """Gradient of a tf.function call: the concrete function's backward function (built
    once from the symbolic gradient of its graph) over the call's inputs, the stateful
    values the forward call saved, and the output gradients."""
    import _tfrt
    cf = op.get_attr("_concrete")
    if cf is None:
        raise LookupError("No gradient defined for operation '%s' (op type: %s)." % (getattr(op, "name", op.type), op.type))
    fid, fl, live, outs = cf._backward()
    n_in = len(cf._args) + len(cf.graph.captures)
    n_out = sum(1 for t in cf._flat_out if isinstance(t, Tensor))
    saved = list(op.outputs[n_out:])
    gin = [out_grads[k] if k < len(out_grads) and out_grads[k] is not None else array_ops.zeros_like(op.outputs[k]) for k in fl]
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
        attrs.update(output_attrs(outs))
        res = core.apply_op("StatefulPartitionedCall", ins, attrs, "StatefulPartitionedCall_grad")
    full = [None] * len(op.inputs)
    for j, i in enumerate(live):
        full[i] = res[j]
    return full

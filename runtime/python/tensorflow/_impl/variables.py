"""Variables: TF1 ref variables (VariableV2 + Assign, per-session values, initializers
required) and resource variables (eager / tf.function / TF2), get_variable with
variable_scope (reuse, AUTO_REUSE), collections and the initializer ops."""
import enum
import contextlib
import functools
import itertools
import weakref

import numpy as np

from . import array_ops, control_flow_ops, core, init_ops, math_ops
from .core import convert_to_tensor as _t, Tensor


GLOBAL_VARIABLES = "variables"
TRAINABLE_VARIABLES = "trainable_variables"
LOCAL_VARIABLES = "local_variables"
_ids = itertools.count(1)
_creator_hooks = []   # callables notified on creation (tf.function's creation rules)


class Variable:
    """Base class and factory: tf.Variable(...) picks ref or resource semantics."""

    def __new__(cls, *args, **kwargs):
        if cls is Variable:
            if core.behavior.resource_variables or core.executing_eagerly() or core.inside_function() or kwargs.get("use_resource"):
                return super().__new__(ResourceVariable)
            return super().__new__(RefVariable)
        return super().__new__(cls)

    def ref(self):
        return core.Reference(self)

    experimental_ref = ref

    def __hash__(self):
        if core.behavior.tensor_equality and core.executing_eagerly_outside_functions():
            raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key. (Variable: %r)" % (self,))
        return id(self)

    def __eq__(self, other):
        if core.behavior.tensor_equality and core.executing_eagerly_outside_functions():
            return math_ops.equal(self, other)
        return self is other

    def __ne__(self, other):
        if core.behavior.tensor_equality and core.executing_eagerly_outside_functions():
            return math_ops.not_equal(self, other)
        return self is not other

    def _as_tensor(self):
        return self.value()

    def __getattr__(self, name):
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def get_shape(self):
        return self.shape

    def read_value(self):
        return self.value()

    def assign(self, value, use_locking=False, name=None, read_value=True):
        raise NotImplementedError

    __array_priority__ = 100   # numpy_array * variable is the variable's __rmul__, as in TF

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.numpy(), dtype=dtype)

    def __iter__(self):
        return iter(self.value())


def _register_operators():
    for k in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "neg", "abs",
              "lt", "le", "gt", "ge", "getitem", "radd", "rsub", "rmul", "rtruediv", "rfloordiv", "rmod",
              "rpow", "rmatmul", "and", "or", "invert"):
        name = "__%s__" % k
        tensor_fn = getattr(Tensor, name)
        setattr(Variable, name, (lambda fn: lambda self, *a: fn(self.value(), *a))(tensor_fn))
    # TF1 ref variables have Python object truth (always true); resource variables read
    Variable.__bool__ = lambda self: True if isinstance(self, RefVariable) else bool(self.value())
    Variable.__float__ = lambda self: float(self.value())
    Variable.__int__ = lambda self: int(self.value())
    Variable.__index__ = lambda self: self.value().__index__()


_register_operators()
core.register_conversion(lambda v: isinstance(v, Variable),
                         lambda v, dtype, as_ref: v._ref_tensor() if as_ref and isinstance(v, RefVariable) else v.value())


class _UnreadVariable(Variable):
    """What a resource variable's assign returns in a graph or tf.function (TF's
    _UnreadVariable): behaves as the value read after the update."""

    def __init__(self, var, read):
        self._var, self._read = var, read

    name = property(lambda self: "UnreadVariable")
    dtype = property(lambda self: self._var.dtype)
    shape = property(lambda self: self._var.shape)
    trainable = property(lambda self: False)

    def value(self):
        return self._read

    def _as_graph_element(self):
        return self._read

    def __getattr__(self, name):
        if name.startswith("__") or name in ("_var", "_read"):
            raise AttributeError(name)
        return getattr(self._var, name)

    def assign(self, *a, **k):
        return self._var.assign(*a, **k)

    def assign_add(self, *a, **k):
        return self._var.assign_add(*a, **k)

    def assign_sub(self, *a, **k):
        return self._var.assign_sub(*a, **k)

    def __repr__(self):
        return "<tf.Variable 'UnreadVariable' shape=%s dtype=%s>" % (core._shape_str(self.shape), self.dtype.name)


pending_inits = []   # initializers of variables created while tracing (run before the first call)


def lift(t, memo=None):
    """Evaluates the function-graph tensor `t` eagerly (TF's lifting of a variable's
    initializer out of a tf.function); fails if it depends on the function's arguments."""
    memo = {} if memo is None else memo
    op = t.op
    if op._id not in memo:
        if op.type == "Placeholder":
            for outer, ph in getattr(op.graph, "captures", []):
                if ph.op is op and isinstance(outer, core.EagerTensor):
                    memo[op._id] = [outer]
                    break
            else:
                raise ValueError("Unable to lift tensor %s because it depends transitively on placeholder %s: a "
                                 "tf.Variable created inside tf.function may only be initialized from values that do "
                                 "not depend on the function's arguments." % (t.name, op.name))
        elif op.type == "Const":
            with core.force_eager():
                memo[op._id] = [core.constant_value_tensor(op._attrs["value"], op._attrs["dtype"])]
        else:
            ins = [lift(i, memo) for i in op.inputs]
            with core.force_eager():
                memo[op._id] = core.apply_op(op.type, ins, op._attrs)
    return memo[op._id][t.value_index]


def _scoped_name(name, default):
    return name if name is not None else default


class RefVariable(Variable):
    """TF1 tf.Variable in graph mode: VariableV2 + Assign + read Identity; values live per session."""

    def __init__(self, initial_value=None, trainable=None, collections=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None, expected_shape=None,
                 import_scope=None, constraint=None, use_resource=None, synchronization=None,
                 aggregation=None, shape=None, _scope_name=None):
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        g = core.get_default_graph()
        trainable = True if trainable is None else trainable
        # TF creates the variable in an init_scope: the control dependencies around the
        # creation (an optimizer's slots made under `control_dependencies(update_ops)`) do
        # not reach its op, initializer or a callable's initial value
        with g.name_scope(_scoped_name(name, "Variable")) as scope, g.control_dependencies(None):
            if callable(initial_value):
                with g.name_scope("Initializer"):
                    init = _t(initial_value(), dtype=dtype, name="initial_value")
            else:
                init = _t(initial_value, dtype=dtype, name="initial_value")
            self._dtype = init.dtype
            vshape = init.shape if validate_shape else core.TensorShape(None)
            if shape is not None:
                vshape = core.TensorShape(shape)
            self._var_op = g._add_op("VariableV2", [], {"dtype": self._dtype, "shape": vshape},
                                     scope,
                                     core._rt_attrs({"dtype": self._dtype, "shape": vshape}))
            self._variable = self._var_op.outputs[0]
            self._initializer_op = core.apply_op("Assign", [self._variable, init],
                                                 {"validate_shape": validate_shape, "T": self._dtype}, "Assign")[0].op
            self._snapshot = array_ops.identity_op(self._variable, name="read")
        self._initial_value = init
        self._trainable = trainable
        self._graph = g
        if collections is None:
            collections = [GLOBAL_VARIABLES]
        if trainable and TRAINABLE_VARIABLES not in collections:
            collections = list(collections) + [TRAINABLE_VARIABLES]
        g.add_to_collections(collections, self)

    name = property(lambda self: self._variable.name)
    op = property(lambda self: self._var_op)
    dtype = property(lambda self: core.RefDType(self._dtype))
    shape = property(lambda self: self._variable.shape)
    graph = property(lambda self: self._graph)
    initializer = property(lambda self: self._initializer_op)
    initial_value = property(lambda self: self._initial_value)
    trainable = property(lambda self: self._trainable)

    def _ref_tensor(self):
        return self._variable

    def _as_graph_element(self):
        return self._variable

    def value(self):
        return self._snapshot

    def eval(self, session=None):
        return self._variable.eval(session=session)

    def initialized_value(self):
        return self._initial_value

    def is_initialized(self, name=None):
        return core.op1("IsVariableInitialized", [self._variable], {}, name or "IsVariableInitialized")

    def assign(self, value, use_locking=False, name=None, read_value=True):
        return core.apply_op("Assign", [self._variable, _t(value, dtype=self._dtype)], {"T": self._dtype}, name or "Assign")[0]

    def assign_add(self, delta, use_locking=False, name=None, read_value=True):
        return core.apply_op("AssignAdd", [self._variable, _t(delta, dtype=self._dtype)], {"T": self._dtype}, name or "AssignAdd")[0]

    def assign_sub(self, delta, use_locking=False, name=None, read_value=True):
        return core.apply_op("AssignSub", [self._variable, _t(delta, dtype=self._dtype)], {"T": self._dtype}, name or "AssignSub")[0]

    def count_up_to(self, limit):
        """The variable's value, then +1; OutOfRangeError ("Reached limit of N") once it is
        `limit` (TensorFlow's CountUpTo)."""
        from . import control_flow_ops, script_ops
        import _tfrt
        limit = int(limit)
        g = core.get_default_graph()
        with g.name_scope("CountUpTo"):
            # the old value is copied out before the increment (a read of the ref itself
            # would alias the buffer the increment then changes)
            def check(vals):
                if int(vals[0]) >= limit:
                    raise _tfrt.StatusError(11, "Reached limit of %d" % limit)
                return [np.array(vals[0], dtype=self._dtype.as_numpy_dtype)]
            old = script_ops.host_call(check, [self._variable], [self._dtype], "Check")[0]
            old.set_shape(self._variable.shape)
            with control_flow_ops.control_dependencies([old]):
                bump = self.assign_add(_t(1, dtype=self._dtype))
            with control_flow_ops.control_dependencies([bump]):
                return array_ops.identity(old)

    def load(self, value, session=None):
        (session or core.get_default_session_or_raise()).run(self._initializer_op, {self._initial_value: value})

    def numpy(self):
        raise NotImplementedError("numpy() is only available when eager execution is enabled.")

    def __repr__(self):
        return "<tf.Variable '%s' shape=%s dtype=%s>" % (self.name, core._shape_str(self.shape), self.dtype.name)


def _leaf(scoped, g):
    """The VariableV2 node takes the scope's (already unique) name itself."""
    return scoped if not g._name_stack else scoped[len(g._name_stack) + 1:] if scoped.startswith(g._name_stack + "/") else scoped


class ResourceVariable(Variable):
    """A resource variable: state in the runtime's ResourceMgr, read/written by ops."""

    def __init__(self, initial_value=None, trainable=None, collections=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None, import_scope=None,
                 constraint=None, distribute_strategy=None, synchronization=None, aggregation=None,
                 shape=None, use_resource=None, expected_shape=None):
        if core.inside_function():
            # tf.function's creation rules apply to variables created in the trace itself,
            # not to those created under init_scope (e.g. by Keras optimizers and layers)
            for hook in list(_creator_hooks):
                hook(self)
        if initial_value is None:
            raise ValueError("initial_value must be specified.")
        self._trainable = True if trainable is None else trainable
        self._shared = "var_%d" % next(_ids)
        self._unique_id = self._shared  # TF's is "<name>_<uid>": its suffix orders variables by creation
        self._handles = {}
        in_fn = core.inside_function()
        eager_now = core.executing_eagerly() or in_fn
        if eager_now:
            # Variables created while tracing are lifted out of the function (init_scope).
            with core.init_scope():
                with _eager_name_scope(name or "Variable") as base:
                    iv = initial_value() if callable(initial_value) else initial_value
                    if hasattr(iv, "_as_tensor") and not isinstance(iv, Tensor):
                        iv = iv._as_tensor()
                    lifted = None
                    if in_fn and isinstance(iv, Tensor) and not isinstance(iv, core.EagerTensor):
                        lifted = iv   # computed in the function graph: lifted out, run at the first call
                    else:
                        init = _t(iv, dtype=dtype)
                self._name = base + ":0"
                import _tfrt
                if lifted is not None:
                    self._dtype = lifted.dtype
                    self._shape = lifted.shape if shape is None else core.TensorShape(shape)
                    init = None

                    def run_init(v=self, t=lifted):
                        if getattr(v, "_tfm_restored", False):
                            return   # a checkpoint's value replaced the initial value (deferred restoration)
                        val = lift(t)
                        _tfrt.resource_assign(v._shared, val._rt)
                        v._initial_value = val
                    pending_inits.append(run_init)
                else:
                    self._dtype = init.dtype
                    self._shape = init.shape if shape is None else core.TensorShape(shape)
                    _tfrt.resource_assign(self._shared, init._rt)
                self._initial_value = init
                self._graph = None
                self._initializer_op = None
        else:
            g = core.get_default_graph()
            with g.name_scope(name or "Variable") as scope:
                if callable(initial_value):
                    with g.name_scope("Initializer"):
                        init = _t(initial_value(), dtype=dtype, name="initial_value")
                else:
                    init = _t(initial_value, dtype=dtype, name="initial_value")
                self._dtype = init.dtype
                self._shape = init.shape if shape is None else core.TensorShape(shape)
                h = core.apply_op("VarHandleOp", [], {"shared_name": self._shared, "dtype": self._dtype,
                                                      "shape": self._shape}, scope)[0]
                self._handles[id(g)] = h
                self._name = scope[:-1] + ":0"
                self._initializer_op = core.apply_op("AssignVariableOp", [h, init], {"dtype": self._dtype}, "Assign") or None
                self._initializer_op = g._ops[-1]
                with g.name_scope("Read"):
                    self._graph_element = core.op1("ReadVariableOp", [h], {"dtype": self._dtype, "shape": self._shape},
                                                   "ReadVariableOp")
            self._initial_value = init
            self._graph = g
            # the collections given (TF: GLOBAL_VARIABLES when none), TRAINABLE_VARIABLES added for a
            # trainable one (tf_slim's model variables: collections=[GLOBAL, MODEL_VARIABLES])
            colls = [GLOBAL_VARIABLES] if collections is None else list(collections)
            if self._trainable and TRAINABLE_VARIABLES not in colls:
                colls.append(TRAINABLE_VARIABLES)
            g.add_to_collections(colls, self)
        _all_resource_vars[self._shared] = self

    name = property(lambda self: self._name)
    dtype = property(lambda self: self._dtype)
    shape = property(lambda self: self._shape)
    trainable = property(lambda self: self._trainable)
    initializer = property(lambda self: self._initializer_op)
    initial_value = property(lambda self: self._initial_value)
    graph = property(lambda self: self._graph)

    @property
    def handle(self):
        if core.executing_eagerly():
            return core.EagerTensor(__import__("_tfrt").Tensor.from_strings([self._shared.encode()], []), core.resource)
        g = core.get_default_graph()
        h = self._handles.get(id(g))
        outer = getattr(g, "outer", None)
        if h is None and outer is None and getattr(g, "_capture_variables", False):
            # a tf.function traced eagerly captures the variable's handle (as TF does), so a
            # call's inputs name every variable it reads (an outer tape differentiates them)
            with core.force_eager():
                outer_h = self.handle
            h = g.capture(outer_h)
            self._handles[id(g)] = h
        if h is None and outer is not None:
            # cond/while branch graphs (and functions traced inside a graph) capture the
            # enclosing graph's handle, so gradients flow to the variable through If/While.
            core.ctx.graph_stack.append(outer)
            try:
                outer_h = self.handle
            finally:
                core.ctx.graph_stack.pop()
            h = g.capture(outer_h)
            self._handles[id(g)] = h
        if h is None:
            with g.name_scope(None), g.control_dependencies(None):
                h = core.apply_op("VarHandleOp", [], {"shared_name": self._shared, "dtype": self._dtype,
                                                      "shape": self._shape}, self._name.split(":")[0])[0]
            self._handles[id(g)] = h
        return h

    @property
    def op(self):
        return self.handle.op

    def _as_graph_element(self):
        ge = getattr(self, "_graph_element", None)
        if ge is not None and not core.executing_eagerly() and ge.graph is core.get_default_graph():
            return ge
        return self.value()

    def value(self):
        return core.op1("ReadVariableOp", [self.handle], {"dtype": self._dtype, "shape": self._shape}, "ReadVariableOp")

    def is_initialized(self, name=None):
        return core.op1("VarIsInitializedOp", [self.handle], {}, name or "VarIsInitializedOp")

    def numpy(self):
        # a variable of a tf.Graph has no eager value, also once the graph's block has ended
        if not core.executing_eagerly() or self._graph is not None:
            raise NotImplementedError("numpy() is only available when eager execution is enabled.")
        return self.value().numpy()

    def _maybe_read(self, op, read_value):
        if core.executing_eagerly():
            return self if not read_value else self
        if read_value:
            with core.get_default_graph().control_dependencies([op] if op is not None else []):
                return _UnreadVariable(self, self.value())
        return op

    def assign(self, value, use_locking=False, name=None, read_value=True):
        v = _t(value, dtype=self._dtype)
        if self._shape.is_fully_defined() and v.shape.is_fully_defined() and v.shape != self._shape:
            raise ValueError("Cannot assign value to variable ' %s': Shape mismatch.The variable shape %s, and the "
                             "assigned value shape %s are incompatible." % (self._name.split(":")[0], self._shape, v.shape))
        core.apply_op("AssignVariableOp", [self.handle, v], {"dtype": self._dtype}, name or "AssignVariableOp")
        return self._after_update(read_value)

    def _after_update(self, read_value):
        if core.executing_eagerly():
            return self
        op = core.get_default_graph()._ops[-1]
        if read_value:
            with core.get_default_graph().control_dependencies([op]):
                return _UnreadVariable(self, self.value())
        return op

    def assign_add(self, delta, use_locking=False, name=None, read_value=True):
        core.apply_op("AssignAddVariableOp", [self.handle, _t(delta, dtype=self._dtype)], {"dtype": self._dtype}, name or "AssignAddVariableOp")
        return self._after_update(read_value)

    def assign_sub(self, delta, use_locking=False, name=None, read_value=True):
        core.apply_op("AssignSubVariableOp", [self.handle, _t(delta, dtype=self._dtype)], {"dtype": self._dtype}, name or "AssignSubVariableOp")
        return self._after_update(read_value)

    def eval(self, session=None):
        return self.value().eval(session=session)

    def __repr__(self):
        if core.executing_eagerly():
            return "<tf.Variable '%s' shape=%s dtype=%s, numpy=%s>" % (
                self.name, core._shape_str(self.shape), self.dtype.name, self.value()._text(True))
        return "<tf.Variable '%s' shape=%s dtype=%s>" % (self.name, core._shape_str(self.shape), self.dtype.name)


_all_resource_vars = weakref.WeakValueDictionary()   # shared_name -> live variable
_eager_scope = [""]


@contextlib.contextmanager
def _eager_name_scope(name):
    base = (_eager_scope[0] + "/" + name) if _eager_scope[0] else name
    yield base


# ---------------------------------------------------------------------------- variable_scope
class VariableScope:
    def __init__(self, name, reuse=None, initializer=None, custom_getter=None):
        self.name, self.reuse, self.initializer = name, reuse, initializer
        self.original_name_scope = name + "/" if name else ""
        self.custom_getter = custom_getter

    def reuse_variables(self):
        self.reuse = True


def _compose_getters(outer_scope_getter, new_getter):
    """TF's _compose_custom_getters: the new getter gets the scope's getter (bound to the true
    getter) as its `getter`."""
    if outer_scope_getter is None:
        return new_getter
    if new_getter is None:
        return outer_scope_getter
    return lambda getter, *a, **k: new_getter(functools.partial(outer_scope_getter, getter), *a, **k)


AUTO_REUSE = "AUTO_REUSE"


def _scope_stack():
    g = core.get_default_graph()
    return g._var_scope_stack


def get_variable_scope():
    st = _scope_stack()
    if not st:
        st.append(VariableScope(""))
    return st[-1]


@contextlib.contextmanager
def variable_scope(name_or_scope, default_name=None, values=None, initializer=None, reuse=None,
                   custom_getter=None, **kw):
    g = core.get_default_graph()
    parent = get_variable_scope()
    base_getter = parent.custom_getter
    if isinstance(name_or_scope, VariableScope):
        full = name_or_scope.name
        scope_name = full
        base_getter = name_or_scope.custom_getter
    else:
        name = name_or_scope if name_or_scope is not None else default_name
        if name_or_scope is None:
            name = g.unique_name(name, mark_as_used=False).split("/")[-1]
        full = parent.name + "/" + name if parent.name else name
        scope_name = name
    new_reuse = True if reuse is True or parent.reuse is True else (AUTO_REUSE if reuse == AUTO_REUSE or parent.reuse == AUTO_REUSE else None)
    vs = VariableScope(full, new_reuse, initializer or parent.initializer,
                       _compose_getters(base_getter, custom_getter))
    _scope_stack().append(vs)
    try:
        with g.name_scope(scope_name if not isinstance(name_or_scope, VariableScope) else full + "/"):
            yield vs
    finally:
        _scope_stack().pop()


def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True,
                 use_resource=None, custom_getter=None, constraint=None, **kw):
    vs = get_variable_scope()
    full = vs.name + "/" + name if vs.name else name
    getter = _compose_getters(vs.custom_getter, custom_getter)
    if getter is not None:
        # TF: custom getters get the full name and the true getter (which adds no scope)
        return getter(_true_getter, full, shape=shape, dtype=dtype, initializer=initializer,
                      regularizer=regularizer, reuse=vs.reuse, trainable=trainable, collections=collections,
                      caching_device=caching_device, partitioner=partitioner, validate_shape=validate_shape,
                      use_resource=use_resource, constraint=constraint, **kw)
    return _true_getter(full, shape, dtype, initializer, regularizer, vs.reuse, trainable, collections,
                        use_resource=use_resource)


def _true_getter(name, shape=None, dtype=None, initializer=None, regularizer=None, reuse=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True, use_resource=None,
                 constraint=None, **kw):
    """Makes or reuses the variable `name` (a full name: the scope is not added again)."""
    g = core.get_default_graph()
    vs = get_variable_scope()
    full = name
    store = g._var_store
    if full in store:
        if reuse is True or reuse == AUTO_REUSE:
            v = store[full]
            if shape is not None and not v.shape.is_compatible_with(shape):
                raise ValueError("Trying to share variable %s, but specified shape %s and found shape %s."
                                 % (full, core.TensorShape(shape), v.shape))
            return v
        raise ValueError("Variable %s already exists, disallowed. Did you mean to set reuse=True or "
                         "reuse=tf.AUTO_REUSE in VarScope?" % full)
    if reuse is True:
        raise ValueError("Variable %s does not exist, or was not created with tf.get_variable(). Did you mean "
                         "to set reuse=tf.AUTO_REUSE in VarScope?" % full)
    dtype = core.as_dtype(dtype) if dtype is not None else core.float32
    init = initializer if initializer is not None else vs.initializer   # a Tensor has no truth value
    if init is None:
        init = init_ops.glorot_uniform_initializer() if dtype.is_floating else init_ops.zeros_initializer()
    if isinstance(init, type):
        init = init()
    if callable(init) and not isinstance(init, Tensor):
        if shape is None:
            raise ValueError("Shape of a new variable (%s) must be fully defined, but instead was %s." % (full, shape))
        value = lambda: init(shape, dtype=dtype)  # noqa: E731
    else:
        value = init
        dtype = None
    with g.name_scope(None):
        with g.name_scope(full.rsplit("/", 1)[0] + "/" if "/" in full else None):
            if use_resource or core.behavior.resource_variables:
                v = ResourceVariable(value, trainable=trainable, name=full.rsplit("/", 1)[-1], dtype=dtype, collections=collections)
            else:
                v = RefVariable(value, trainable=trainable, name=full.rsplit("/", 1)[-1], dtype=dtype, collections=collections)
    store[full] = v
    return v


# ---------------------------------------------------------------------------- collections
def global_variables(scope=None):
    return core.get_default_graph().get_collection(GLOBAL_VARIABLES, scope)


def trainable_variables(scope=None):
    return core.get_default_graph().get_collection(TRAINABLE_VARIABLES, scope)


def variables_initializer(var_list, name="init"):
    inits = [v.initializer for v in var_list if v.initializer is not None]
    return control_flow_ops.group(*inits, name=name)


def global_variables_initializer():
    return variables_initializer(global_variables())


def local_variables_initializer():
    return variables_initializer(core.get_default_graph().get_collection(LOCAL_VARIABLES), name="init_1" if False else "init")


def is_variable_initialized(v):
    return v.is_initialized()


core.not_differentiable("VarHandleOp", "VariableV2", "Assign", "AssignAdd", "AssignSub")


class VariableSynchronization(enum.Enum):
    """When a distributed variable is aggregated (tf.VariableSynchronization); the bundled
    runtime runs on one device, so only the values matter."""
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregation(enum.Enum):
    """How a distributed variable's updates are combined (tf.VariableAggregation)."""
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3

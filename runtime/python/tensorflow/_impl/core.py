"""Core of the facade: dtypes, shapes, errors, execution context, Graph/Operation/Tensor,
EagerTensor, conversion and the single op-dispatch point `apply_op`, which either runs a
kernel now (eager) or adds a node to the default graph (graph mode, tf.function tracing).
Tapes record every op applied while they are active, in both modes."""
import contextlib
import os
import threading

import numpy as np

import _tfrt

# ---------------------------------------------------------------------------- dtypes
class DType:
    _np = {"float32": np.float32, "float64": np.float64, "int32": np.int32, "int64": np.int64,
           "bool": np.bool_, "string": object, "resource": object, "float16": np.float16,
           "uint8": np.uint8, "int8": np.int8, "int16": np.int16, "complex64": np.complex64}
    _enum = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "string": 7,
             "complex64": 8, "int64": 9, "bool": 10, "float16": 19, "resource": 20}

    def __init__(self, name):
        self._name = name

    name = property(lambda self: self._name)
    base_dtype = property(lambda self: self)
    as_numpy_dtype = property(lambda self: self._np[self._name])
    as_datatype_enum = property(lambda self: self._enum[self._name])
    is_floating = property(lambda self: self._name in ("float16", "float32", "float64"))
    is_integer = property(lambda self: self._name in ("int8", "int16", "int32", "int64", "uint8"))
    is_bool = property(lambda self: self._name == "bool")
    is_numpy_compatible = property(lambda self: self._name not in ("resource",))
    size = property(lambda self: np.dtype(self.as_numpy_dtype).itemsize if self._np[self._name] is not object else 1)
    is_unsigned = property(lambda self: self._name == "uint8")
    is_complex = property(lambda self: False)
    is_quantized = property(lambda self: False)
    real_dtype = property(lambda self: self)
    _is_ref_dtype = property(lambda self: False)

    def is_compatible_with(self, other):
        """TensorFlow's rule: a dtype is compatible with itself and its ref type; a ref
        dtype only with itself."""
        other = as_dtype(other)
        return self._name in (other.name, other.base_dtype.name)

    @property
    def min(self):
        return np.finfo(self.as_numpy_dtype).min if self.is_floating else np.iinfo(self.as_numpy_dtype).min

    @property
    def max(self):
        return np.finfo(self.as_numpy_dtype).max if self.is_floating else np.iinfo(self.as_numpy_dtype).max

    def __repr__(self):
        return "tf." + self._name

    def __str__(self):
        return "<dtype: %r>" % self._name

    def __eq__(self, other):
        if other is None:
            return False
        try:
            return as_dtype(other)._name == self._name
        except (TypeError, ValueError):
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._name)

    def __reduce__(self):
        return as_dtype, (self._name,)


class RefDType(DType):
    """TF1 ref dtypes (`float32_ref`), the dtype of a RefVariable."""

    def __init__(self, base):
        super().__init__(base.name + "_ref")
        self._base = base

    base_dtype = property(lambda self: self._base)
    as_numpy_dtype = property(lambda self: self._base.as_numpy_dtype)
    is_floating = property(lambda self: self._base.is_floating)
    is_integer = property(lambda self: self._base.is_integer)
    is_bool = property(lambda self: self._base.is_bool)
    is_unsigned = property(lambda self: self._base.is_unsigned)
    real_dtype = property(lambda self: self._base)
    _is_ref_dtype = property(lambda self: True)
    as_datatype_enum = property(lambda self: self._base.as_datatype_enum + 100)

    def __eq__(self, other):
        return isinstance(other, RefDType) and other._name == self._name

    def __hash__(self):
        return hash(self._name)


float32, float64, int32, int64 = DType("float32"), DType("float64"), DType("int32"), DType("int64")
bool_, string, resource = DType("bool"), DType("string"), DType("resource")
float16, uint8, int8, int16 = DType("float16"), DType("uint8"), DType("int8"), DType("int16")
_BY_NAME = {d.name: d for d in (float32, float64, int32, int64, bool_, string, resource, float16, uint8, int8, int16)}
_BY_NAME.update({"float": float32, "double": float64, "half": float16})
SUPPORTED = {"float32", "float64", "int32", "int64", "bool", "string", "uint8", "int16", "int8", "float16"}


def as_dtype(x):
    if isinstance(x, DType):
        return x
    if isinstance(x, str):
        if x in _BY_NAME:
            return _BY_NAME[x]
        raise TypeError("Cannot convert value %r to a TensorFlow DType." % x)
    if x is float:
        return float32
    if x is int:
        return int32
    if x is bool:
        return bool_
    if x is str or x is bytes:
        return string
    try:
        nd = np.dtype(x)
    except TypeError:
        raise TypeError("Cannot convert value %r to a TensorFlow DType." % (x,))
    if nd.kind in "OSU":
        return string
    name = {"bool": "bool"}.get(nd.name, nd.name)
    if name in _BY_NAME:
        return _BY_NAME[name]
    raise TypeError("Cannot convert value %r to a TensorFlow DType." % (x,))


def _rt_dtype(d):
    d = d.base_dtype
    n = d.name if d.name != "resource" else "string"
    if n not in SUPPORTED:
        raise UnsupportedSymbolError("dtype tf.%s" % d.name)
    return getattr(_tfrt.DType, n)


# ---------------------------------------------------------------------------- errors
class UnsupportedSymbolError(AttributeError):
    """A TensorFlow API the bundled runtime does not implement yet."""

    def __init__(self, symbol):
        self.symbol = symbol
        super().__init__("%s is not yet supported by the tfmigrate bundled runtime; "
                         "run with --backend tensorflow" % symbol)


class UnsupportedModuleError(ImportError):
    """A TensorFlow module the bundled runtime does not have yet (an internal
    `tensorflow.python...` module): an ImportError, so that `try: import ... except
    ImportError` still falls back, and reported by `run` as UnsupportedSymbolError is."""

    def __init__(self, module):
        self.symbol = module
        super().__init__("%s is not yet supported by the tfmigrate bundled runtime; run with --backend tensorflow"
                         % module, name=module)


def unsupported(what):
    raise UnsupportedSymbolError(what)


# TensorFlow's error classes live in tensorflow.python.framework.errors_impl; tracebacks name
# them by that module, as TensorFlow's do
_ERRORS_MODULE = "tensorflow.python.framework.errors_impl"


class OpError(Exception):
    __module__ = _ERRORS_MODULE

    def __init__(self, node_def, op, message, *args):
        super().__init__(message)
        self.node_def, self.op, self.message = node_def, op, message

    def __str__(self):
        return self.message

    error_code = property(lambda self: self._code)


def _err(name, code):
    cls = type(name, (OpError,), {"_code": code, "__module__": _ERRORS_MODULE})

    def __init__(self, node_def=None, op=None, message="", *args):
        OpError.__init__(self, node_def, op, message)
    cls.__init__ = __init__
    return cls


CancelledError = _err("CancelledError", 1)
UnknownError = _err("UnknownError", 2)
InvalidArgumentError = _err("InvalidArgumentError", 3)
NotFoundError = _err("NotFoundError", 5)
AlreadyExistsError = _err("AlreadyExistsError", 6)
FailedPreconditionError = _err("FailedPreconditionError", 9)
OutOfRangeError = _err("OutOfRangeError", 11)
UnimplementedError = _err("UnimplementedError", 12)
InternalError = _err("InternalError", 13)
DeadlineExceededError = _err("DeadlineExceededError", 4)
PermissionDeniedError = _err("PermissionDeniedError", 7)
ResourceExhaustedError = _err("ResourceExhaustedError", 8)
AbortedError = _err("AbortedError", 10)
UnavailableError = _err("UnavailableError", 14)
DataLossError = _err("DataLossError", 15)
UnauthenticatedError = _err("UnauthenticatedError", 16)
_BY_CODE = {c._code: c for c in (CancelledError, UnknownError, InvalidArgumentError, DeadlineExceededError,
                                 NotFoundError, AlreadyExistsError, PermissionDeniedError, ResourceExhaustedError,
                                 FailedPreconditionError, AbortedError, OutOfRangeError, UnimplementedError,
                                 InternalError, UnavailableError, DataLossError, UnauthenticatedError)}


class OperatorNotAllowedInGraphError(TypeError):
    """A Python operator a symbolic tensor cannot support in a graph (bool, iteration)."""


_GRAPH_HINT = (" is not allowed. You can attempt the following resolutions to the problem: If you are running in "
               "Graph mode, use Eager execution mode or decorate this function with @tf.function.")


class InaccessibleTensorError(ValueError):
    """A tensor of another function graph (e.g. a tf.cond branch) used outside it."""


def raise_status(e):
    code, msg = e.args
    raise _BY_CODE.get(code, UnknownError)(None, None, msg) from None


# ---------------------------------------------------------------------------- shapes
class Dimension:
    def __init__(self, value):
        self._value = None if value is None else int(value)

    @property
    def value(self):
        if not behavior.v1_shapes:
            raise AttributeError("'int' object has no attribute 'value'")
        return self._value

    def __int__(self):
        return self._value

    __index__ = __int__

    def __eq__(self, other):
        o = other._value if isinstance(other, Dimension) else other
        if self._value is None or o is None:
            return None
        return self._value == o

    def __hash__(self):
        return hash(self._value)

    def is_compatible_with(self, other):
        o = other._value if isinstance(other, Dimension) else other
        return self._value is None or o is None or self._value == o

    def _arith(self, other, fn):
        try:
            o = other._value if isinstance(other, Dimension) else (None if other is None else int(other))
        except (TypeError, ValueError):
            return NotImplemented
        return Dimension(None if self._value is None or o is None else fn(self._value, o))

    __add__ = __radd__ = lambda self, o: self._arith(o, lambda a, b: a + b)
    __mul__ = __rmul__ = lambda self, o: self._arith(o, lambda a, b: a * b)
    __sub__ = lambda self, o: self._arith(o, lambda a, b: a - b)
    __rsub__ = lambda self, o: self._arith(o, lambda a, b: b - a)
    __floordiv__ = lambda self, o: self._arith(o, lambda a, b: a // b)
    __rfloordiv__ = lambda self, o: self._arith(o, lambda a, b: b // a)
    __mod__ = lambda self, o: self._arith(o, lambda a, b: a % b)

    def __lt__(self, o):
        o = o._value if isinstance(o, Dimension) else o
        return None if self._value is None or o is None else self._value < o

    def __gt__(self, o):
        o = o._value if isinstance(o, Dimension) else o
        return None if self._value is None or o is None else self._value > o

    def __le__(self, o):
        o = o._value if isinstance(o, Dimension) else o
        return None if self._value is None or o is None else self._value <= o

    def __ge__(self, o):
        o = o._value if isinstance(o, Dimension) else o
        return None if self._value is None or o is None else self._value >= o

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError("Dimensions %s and %s are not compatible" % (self, other))

    def __repr__(self):
        return "Dimension(%r)" % self._value

    def __str__(self):
        return "?" if self._value is None else str(self._value)


class TensorShape:
    def __init__(self, dims):
        if isinstance(dims, TensorShape):
            dims = dims._dims
        if dims is None:
            self._dims = None
        else:
            self._dims = [None if (d is None or (isinstance(d, Dimension) and d._value is None))
                          else int(d._value if isinstance(d, Dimension) else d) for d in dims]

    @property
    def dims(self):
        if self._dims is None:
            return None
        return [Dimension(d) for d in self._dims]

    @property
    def ndims(self):
        return None if self._dims is None else len(self._dims)

    rank = ndims

    def __bool__(self):
        return self._dims is not None

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self):
        return self._dims is not None and all(d is not None for d in self._dims)

    def num_elements(self):
        return int(np.prod(self._dims)) if self.is_fully_defined() else None

    def is_compatible_with(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return True
        return len(self._dims) == len(other._dims) and all(
            a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def merge_with(self, other):
        other = TensorShape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError("Shapes %s and %s are not compatible" % (self, other))
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError("Shapes %s and %s are incompatible" % (self, other))

    def assert_has_rank(self, rank):
        if self.ndims not in (None, rank):
            raise ValueError("Shape %s must have rank %d" % (self, rank))

    def assert_same_rank(self, other):
        other = TensorShape(other)
        if self.ndims is not None and other.ndims is not None and self.ndims != other.ndims:
            raise ValueError("Shapes %s and %s must have the same rank" % (self, other))

    def assert_is_fully_defined(self):
        if not self.is_fully_defined():
            raise ValueError("Shape %s is not fully defined" % self)

    def with_rank(self, rank):
        try:
            return self.merge_with(TensorShape([None] * rank))
        except ValueError:
            raise ValueError("Shape %s must have rank %d" % (self, rank)) from None

    def with_rank_at_least(self, rank):
        if self.ndims is not None and self.ndims < rank:
            raise ValueError("Shape %s must have rank at least %d" % (self, rank))
        return self

    def with_rank_at_most(self, rank):
        if self.ndims is not None and self.ndims > rank:
            raise ValueError("Shape %s must have rank at most %d" % (self, rank))
        return self

    def concatenate(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def most_specific_compatible_shape(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return TensorShape(None)
        return TensorShape([a if a == b else None for a, b in zip(self._dims, other._dims)])

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self.dims if behavior.v1_shapes else list(self._dims))

    def __getitem__(self, k):
        if isinstance(k, slice):
            return TensorShape(self._dims[k])
        d = self._dims[k]
        return Dimension(d) if behavior.v1_shapes else d

    def __eq__(self, other):
        try:
            other = TensorShape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __hash__(self):
        return hash(tuple(self._dims) if self._dims is not None else None)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        if behavior.v1_shapes:
            return "TensorShape([%s])" % ", ".join("Dimension(%r)" % d for d in self._dims)
        return "TensorShape(%r)" % (self._dims,)

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if behavior.v1_shapes:
            inner = ", ".join("?" if d is None else str(d) for d in self._dims)
        else:
            inner = ", ".join("None" if d is None else str(d) for d in self._dims)
        return "(%s,)" % inner if len(self._dims) == 1 else "(%s)" % inner


def _shape_str(shape):
    """The shape part of Tensor("x:0", shape=..., ...): TF always prints None style."""
    if shape._dims is None:
        return "<unknown>"
    unk = "?" if behavior.v1_shapes else "None"
    inner = ", ".join(unk if d is None else str(d) for d in shape._dims)
    return "(%s,)" % inner if len(shape._dims) == 1 else "(%s)" % inner


# ---------------------------------------------------------------------------- behaviour
class _Behavior(threading.local):
    pass


behavior = _Behavior()


def configure(mode):
    """mode 'tf1': graph mode, ref variables, identity ==, v1 shapes; 'tf2': the opposite."""
    v1 = mode == "tf1"
    behavior.mode = mode
    behavior.eager = not v1
    behavior.tensor_equality = not v1
    behavior.resource_variables = not v1
    behavior.v1_shapes = v1
    behavior.control_flow_v2 = not v1
    behavior.v2 = not v1   # tensorflow.python.tf2.enabled(); enable/disable_v2_behavior set it


configure(os.environ.get("TFMIGRATE_TF_MODE", "tf2"))


class _Context(threading.local):
    def __init__(self):
        self.graph_stack = []
        self.eager_override = []   # stack of bools (init_scope, function tracing)
        self.tapes = []


ctx = _Context()
_default_graph = [None]


def executing_eagerly():
    if ctx.eager_override:
        return ctx.eager_override[-1]
    if ctx.graph_stack:
        return False
    return behavior.eager


def executing_eagerly_outside_functions():
    if any(not getattr(g, "building_function", False) for g in ctx.graph_stack):
        return False
    return behavior.eager


def get_default_graph():
    if ctx.graph_stack:
        return ctx.graph_stack[-1]
    if _default_graph[0] is None:
        _default_graph[0] = Graph()
    return _default_graph[0]


def reset_default_graph():
    if ctx.graph_stack:
        raise AssertionError("Do not use tf.reset_default_graph() to clear nested graphs. If you need "
                             "a cleared graph, exit the nesting and create a new graph.")
    _default_graph[0] = Graph()


@contextlib.contextmanager
def force_eager():
    """Runs ops eagerly regardless of graphs being built (dataset functions, host callbacks)."""
    saved_graphs, ctx.graph_stack = ctx.graph_stack, []
    saved_tapes, ctx.tapes = ctx.tapes, []
    ctx.eager_override.append(True)
    try:
        yield
    finally:
        ctx.eager_override.pop()
        ctx.graph_stack = saved_graphs
        ctx.tapes = saved_tapes


def inside_function():
    return (not executing_eagerly()) and getattr(get_default_graph(), "building_function", False)


@contextlib.contextmanager
def init_scope():
    """Lifts out of function-building graphs into the outermost (eager or graph) context,
    and (TensorFlow's init_scope) clears the control dependencies there."""
    saved_graphs = []
    while ctx.graph_stack and getattr(ctx.graph_stack[-1], "building_function", False):
        saved_graphs.append(ctx.graph_stack.pop())
    ctx.eager_override.append(behavior.eager if not ctx.graph_stack else False)
    saved_tapes, ctx.tapes = ctx.tapes, []
    try:
        if ctx.graph_stack or not ctx.eager_override[-1]:
            with get_default_graph().control_dependencies(None):
                yield
        else:
            yield
    finally:
        ctx.tapes = saved_tapes
        ctx.eager_override.pop()
        ctx.graph_stack.extend(reversed(saved_graphs))


_default_sessions = []   # the session stack of `with sess.as_default()` and InteractiveSession (session.py)


@contextlib.contextmanager
def op_scope(name, default):
    """TensorFlow's `with ops.name_scope(name, default) as scope` around an op function in
    graph mode: yields the scope ("truediv/") the function's final op is named by exactly,
    its helper ops named under it; None when executing eagerly."""
    if executing_eagerly():
        yield None
    else:
        with get_default_graph().name_scope(name or default) as s:
            yield s


def get_default_session():
    return _default_sessions[-1] if _default_sessions else None


def get_default_session_or_raise():
    s = get_default_session()
    if s is None:
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered. Use "
                         "`with sess.as_default()` or pass an explicit session to `eval(session=sess)`")
    return s


# ---------------------------------------------------------------------------- graph
# Public names of TensorFlow's own classes (TF 2.21's dir()): one the bundled class lacks is
# "not yet in the bundled runtime", not a plain AttributeError that reads like a program bug
_TF_GRAPH_NAMES = frozenset((
    "Dismantle", "add_to_collection", "add_to_collections", "as_default", "as_graph_def", "as_graph_element",
    "building_function", "clear_collection", "collections", "colocate_with", "container", "control_dependencies",
    "create_op", "device", "finalize", "finalized", "get", "get_all_collection_keys", "get_collection",
    "get_collection_ref", "get_name_scope", "get_operation_by_name", "get_operations", "get_tensor_by_name",
    "gradient_override_map", "graph_def_versions", "is_feedable", "is_fetchable", "name_scope", "new_operations",
    "num_operations", "op_def_for_type", "operations", "prevent_feeding", "prevent_fetching", "seed",
    "switch_to_thread_local", "unique_name", "version"))
_TF_OPERATION_NAMES = frozenset((
    "colocation_groups", "control_inputs", "device", "experimental_set_type", "from_node_def", "get_attr", "graph",
    "inputs", "name", "node_def", "op_def", "outputs", "run", "traceback", "type", "values"))


class Graph:
    def __getattr__(self, name):
        if name in _TF_GRAPH_NAMES:
            raise UnsupportedSymbolError("tf.Graph." + name)
        raise AttributeError("'Graph' object has no attribute '%s'" % name)

    def __init__(self):
        self._rt = _tfrt.Graph()
        self._ops = []
        self._by_name = {}
        self._collections = {}
        self._name_stack = ""
        self._control_stack = []
        self._var_store = {}
        self._var_scope_stack = []
        self.seed = None
        self.building_function = False   # True for FuncGraph (function.py)
        self._finalized = False
        self._handles = {}

    @contextlib.contextmanager
    def as_default(self):
        ctx.graph_stack.append(self)
        ctx.eager_override.append(False)
        try:
            yield self
        finally:
            ctx.eager_override.pop()
            ctx.graph_stack.pop()

    def finalize(self):
        self._finalized = True

    @property
    def finalized(self):
        return self._finalized

    def unique_name(self, name, mark_as_used=True):
        if self._name_stack:
            name = self._name_stack + "/" + name
        return self._rt.unique_name(name, mark_as_used)

    @contextlib.contextmanager
    def name_scope(self, name):
        old = self._name_stack
        if name is None or name == "":
            new = ""
        elif name.endswith("/"):
            new = name[:-1]
        else:
            new = self.unique_name(name)
        self._name_stack = new
        try:
            yield (new + "/") if new else ""
        finally:
            self._name_stack = old

    def get_name_scope(self):
        return self._name_stack

    @contextlib.contextmanager
    def control_dependencies(self, control_inputs):
        if control_inputs is None:
            saved, self._control_stack = self._control_stack, []
            try:
                yield
            finally:
                self._control_stack = saved
            return
        ops = []
        for c in control_inputs:
            if hasattr(c, "_as_graph_element"):
                c = c._as_graph_element()
            if isinstance(c, Tensor):
                c = c.op
            if not isinstance(c, Operation):
                raise TypeError("Control input must be Operation or Tensor: %s" % (c,))
            ops.append(c)
        self._control_stack.append(ops)
        try:
            yield
        finally:
            self._control_stack.pop()

    def device(self, name):
        return contextlib.nullcontext()

    def get_operations(self):
        return list(self._ops)

    def get_operation_by_name(self, name):
        if name not in self._by_name:
            raise KeyError("The name %r refers to an Operation not in the graph." % name)
        return self._by_name[name]

    def get_tensor_by_name(self, name):
        if ":" not in name:
            raise ValueError("The name %r looks a like an Operation name, not a Tensor. Tensor names "
                             "must be of the form \"<op_name>:<output_index>\"." % name)
        op_name, idx = name.rsplit(":", 1)
        if op_name not in self._by_name:
            raise KeyError("The name %r refers to a Tensor which does not exist. The operation, %r, "
                           "does not exist in the graph." % (name, op_name))
        return self._by_name[op_name].outputs[int(idx)]

    def as_graph_element(self, obj):
        if isinstance(obj, str):
            return self.get_tensor_by_name(obj) if ":" in obj else self.get_operation_by_name(obj)
        if hasattr(obj, "_as_graph_element"):
            return obj._as_graph_element()
        return obj

    def add_to_collection(self, name, value):
        self._collections.setdefault(name, []).append(value)

    def add_to_collections(self, names, value):
        for n in ([names] if isinstance(names, str) else names):
            self.add_to_collection(n, value)

    def get_collection(self, name, scope=None):
        items = list(self._collections.get(name, []))
        if scope is None:
            return items
        import re
        return [i for i in items if hasattr(i, "name") and re.match(scope, i.name)]

    def get_collection_ref(self, name):
        return self._collections.setdefault(name, [])

    def get_all_collection_keys(self):
        return [k for k, v in self._collections.items() if v]

    def _control_inputs_for(self, op_type):
        ops = [o for level in self._control_stack for o in level]
        return ops

    def _add_op(self, op_type, inputs, attrs, name, rt_attrs):
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")
        control = self._control_inputs_for(op_type)
        full = name[:-1] if name.endswith("/") else self.unique_name(name)
        ids = []
        seen = set()
        for c in control:
            if c._id not in seen and c.graph is self:
                seen.add(c._id)
                ids.append(c._id)
        try:
            node_id, specs = self._rt.add_node(full, op_type, [(t.op._id, t.value_index) for t in inputs],
                                               ids, rt_attrs)
        except _tfrt.StatusError as e:
            raise ValueError(e.args[1]) from None
        op = Operation(self, node_id, full, op_type, inputs, [c for c in control if c.graph is self], attrs)
        op.outputs = [SymbolicTensor(op, i, as_dtype(d) if d != "string" or op_type not in _RESOURCE_OPS else resource,
                             TensorShape(None if s is None else [None if x < 0 else x for x in s]))
                      for i, (d, s) in enumerate(specs)]
        if op_type in _RESOURCE_OPS:
            for t in op.outputs:
                t._dtype = resource
        self._ops.append(op)
        self._by_name[full] = op
        return op

    def is_fetchable(self, t):
        return True

    def __repr__(self):
        return "<tensorflow.python.framework.ops.Graph object at 0x%x>" % id(self)


_RESOURCE_OPS = {"VarHandleOp"}


class Operation:
    def __getattr__(self, name):
        if name in _TF_OPERATION_NAMES:
            raise UnsupportedSymbolError("tf.Operation." + name)
        raise AttributeError("'Operation' object has no attribute '%s'" % name)

    def __init__(self, graph, node_id, name, op_type, inputs, control_inputs, attrs):
        self.graph, self._id, self.name, self.type = graph, node_id, name, op_type
        self.inputs = list(inputs)
        self.control_inputs = list(control_inputs)
        self._attrs = dict(attrs)
        self.outputs = []

    def get_attr(self, name):
        if name not in self._attrs:
            raise ValueError("Operation %r has no attr named %r." % (self.name, name))
        return self._attrs[name]

    # node_def: graph_def.py (TF's NodeDef)

    def _as_graph_element(self):
        return self

    def run(self, feed_dict=None, session=None):
        (session or get_default_session_or_raise()).run(self, feed_dict)

    def __repr__(self):
        return "<tf.Operation '%s' type=%s>" % (self.name, self.type)

    def __str__(self):
        return 'name: "%s"\nop: "%s"\n' % (self.name, self.type)


# ---------------------------------------------------------------------------- tensors
class Tensor:
    """A symbolic graph tensor (EagerTensor subclasses it for concrete values)."""

    def __init__(self, op, value_index, dtype, shape):
        self.op, self.value_index, self._dtype, self._shape = op, value_index, dtype, shape

    dtype = property(lambda self: self._dtype)
    graph = property(lambda self: self.op.graph)
    name = property(lambda self: "%s:%d" % (self.op.name, self.value_index))
    device = property(lambda self: "")

    @property
    def shape(self):
        return self._shape

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        self._shape = self._shape.merge_with(TensorShape(shape))
        rt = getattr(getattr(self.op, "graph", None), "_rt", None) if getattr(self, "op", None) is not None else None
        if rt is not None and self._shape.ndims is not None and hasattr(rt, "set_output_shape"):
            rt.set_output_shape(self.op._id, self.value_index,
                                [-1 if d is None else int(d) for d in self._shape.as_list()])

    @property
    def ndim(self):
        return self.shape.ndims

    def _as_graph_element(self):
        return self

    def consumers(self):
        return [o for o in self.graph._ops if any(i is self for i in o.inputs)]

    def eval(self, feed_dict=None, session=None):
        return (session or get_default_session_or_raise()).run(self, feed_dict)

    def ref(self):
        return Reference(self)

    def experimental_ref(self):
        return self.ref()

    def __repr__(self):
        return "<tf.Tensor '%s' shape=%s dtype=%s>" % (self.name, _shape_str(self.shape), self.dtype.name)

    def __str__(self):
        if self.shape.ndims is None:
            return 'Tensor("%s", dtype=%s)' % (self.name, self.dtype.name)
        return 'Tensor("%s", shape=%s, dtype=%s)' % (self.name, _shape_str(self.shape), self.dtype.name)

    def __hash__(self):
        if behavior.tensor_equality and executing_eagerly_outside_functions():
            raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")
        return id(self)

    # == and != are identity here; math_ops.py installs TF2's elementwise forms (tensor equality)
    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __bool__(self):
        if inside_function():
            # Real tf.function converts Python control flow on tensors (AutoGraph); the
            # bundled runtime does not yet, so it reports that instead of a wrong TypeError.
            raise UnsupportedSymbolError("AutoGraph: a tensor used as a Python bool inside tf.function outside "
                                         "a converted if/while/for (e.g. `a if t else b`, `assert t`, "
                                         "a comprehension, or a lambda)")
        raise OperatorNotAllowedInGraphError("Using a symbolic `tf.Tensor` as a Python `bool`" + _GRAPH_HINT)

    def __iter__(self):
        if not executing_eagerly_outside_functions():
            # TF1 graphs (and functions traced in them) refuse iteration even at a known
            # shape (TF 1.15: TypeError; TF 2.21 with v2 behavior disabled: this subclass)
            raise OperatorNotAllowedInGraphError("Iterating over a symbolic `tf.Tensor`" + _GRAPH_HINT)
        if self.shape.ndims is None:
            raise TypeError("Cannot iterate over a tensor with unknown shape.")
        if self.shape.ndims == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        n = self.shape.as_list()[0]
        if n is None:
            raise TypeError("Cannot iterate over a tensor with unknown first dimension.")
        return iter([self[i] for i in range(n)])

    def __len__(self):
        raise TypeError("len is not well defined for a symbolic Tensor (%s). Please call `x.shape` rather "
                        "than `len(x)` for shape information." % self.name)

    __array_priority__ = 100

    def __array__(self, dtype=None, copy=None):
        raise NotImplementedError("Cannot convert a symbolic tf.Tensor (%s) to a numpy array. This error may "
                                  "indicate that you're trying to pass a Tensor to a NumPy call, which is not "
                                  "supported." % self.name)


class Reference:
    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __eq__(self, other):
        return isinstance(other, Reference) and other._obj is self._obj

    def __hash__(self):
        return id(self._obj)

    def __repr__(self):
        return "<Reference wrapping %r>" % (self._obj,)


def _np_from_rt(t):
    if t.dtype == "string":
        return np.array(t.strings(), dtype=object).reshape(t.shape)
    return np.frombuffer(t.tobytes(), dtype=_BY_NAME[t.dtype].as_numpy_dtype).reshape(t.shape).copy()


def _rt_from_np(a, dtype):
    if dtype.name in ("string", "resource"):
        flat = [x if isinstance(x, bytes) else str(x).encode() for x in np.asarray(a, dtype=object).ravel()]
        return _tfrt.Tensor.from_strings(flat, list(np.shape(a)))
    a = np.asarray(a, dtype=dtype.as_numpy_dtype)
    if not a.flags.c_contiguous:
        a = a.copy(order="C")
    return _tfrt.Tensor.from_bytes(a.tobytes(), dtype.name, list(a.shape))


class SymbolicTensor(Tensor):
    """A graph tensor (TF 2.x names the class of graph-built tensors SymbolicTensor)."""


class EagerTensor(Tensor):
    def __init__(self, rt, dtype=None):
        self._rt = rt
        self._dtype = dtype or _BY_NAME[rt.dtype]
        self._shape = TensorShape(rt.shape)
        self._np_cache = None

    op = property(lambda self: _raise_eager_attr("op"))
    graph = property(lambda self: _raise_eager_attr("graph"))
    name = property(lambda self: _raise_eager_attr("name"))

    def numpy(self):
        if self._np_cache is None:
            self._np_cache = _np_from_rt(self._rt)
        v = self._np_cache
        return v.copy() if v.ndim else v[()]

    def _numpy(self):
        if self._np_cache is None:
            self._np_cache = _np_from_rt(self._rt)
        return self._np_cache

    def __array__(self, dtype=None, copy=None):
        a = self._numpy()
        return a.astype(dtype) if dtype is not None else a

    def _text(self, is_repr):
        a = self._numpy()
        if self._dtype.name == "string":
            v = a[()] if a.ndim == 0 else a
            text = repr(v) if is_repr or a.ndim == 0 else str(v)
        elif is_repr:
            text = _np_repr(a)
        else:
            text = str(a) if a.ndim else str(a[()])
        if "\n" in text:
            text = "\n" + text
        return text

    def __repr__(self):
        return "<tf.Tensor: shape=%s, dtype=%s, numpy=%s>" % (_shape_str(self.shape), self.dtype.name, self._text(True))

    def __str__(self):
        return "tf.Tensor(%s, shape=%s, dtype=%s)" % (self._text(False), _shape_str(self.shape), self.dtype.name)

    def __bool__(self):
        return bool(self._numpy())

    def __int__(self):
        return int(self._numpy())

    def __float__(self):
        return float(self._numpy())

    def __index__(self):
        if not self.dtype.is_integer:
            raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and "
                            "scalar tf.int32/tf.int64 tensors are valid indices")
        return int(self._numpy())

    def __len__(self):
        if self.shape.ndims == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self.shape.as_list()[0]

    def __iter__(self):
        if self.shape.ndims == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return iter([self[i] for i in range(len(self))])

    def __format__(self, spec):
        if self.shape.ndims == 0:
            return format(self._numpy()[()], spec)
        return format(str(self), spec)

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def eval(self, *a, **k):
        raise NotImplementedError("eval is not supported when eager execution is enabled, is .numpy() what "
                                  "you're looking for?")


def _np_repr(a):
    if a.ndim == 0:
        v = a[()]
        if isinstance(v, np.bool_):
            return repr(bool(v))
        if isinstance(v, np.floating):
            return str(v)
        if isinstance(v, np.integer):
            return str(int(v))
        return repr(v)
    return repr(a)


def _raise_eager_attr(name):
    raise AttributeError("Tensor.%s is undefined when eager execution is enabled." % name)


class TensorSpec:
    """tf.TensorSpec: a shape and dtype (tf.function input signatures, dataset element specs)."""

    def __init__(self, shape, dtype=float32, name=None):
        self.shape, self.dtype, self.name = TensorShape(shape), as_dtype(dtype), name

    def __repr__(self):
        return "TensorSpec(shape=%s, dtype=%r, name=%r)" % (self.shape, self.dtype, self.name)


# ---------------------------------------------------------------------------- conversion
_conversion_hooks = []   # (predicate, fn(value, dtype) -> Tensor)
_pack_list = [None]      # fn(list of tensors) -> Tensor: tf.stack, set by array_ops.py


def register_conversion(pred, fn):
    _conversion_hooks.append((pred, fn))


def register_list_packing(fn):
    """`fn` packs a list or tuple holding tensors into one tensor (TF's autopacking)."""
    _pack_list[0] = fn


def _infer_np(value, dtype):
    if dtype is not None:
        dt = as_dtype(dtype).base_dtype
        if dt.name in ("string",):
            return np.array(value, dtype=object), dt
        arr = np.array(value)
        if arr.dtype.kind == "f" and dt.is_integer:
            if not np.all(np.equal(np.mod(arr, 1), 0)):
                raise TypeError("Cannot convert %r to EagerTensor of dtype %s" % (value, dt.name))
        if arr.dtype.kind in "US" and dt.name != "string":
            raise TypeError("Cannot convert %r to EagerTensor of dtype %s" % (value, dt.name))
        return arr.astype(dt.as_numpy_dtype), dt
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        arr = np.asarray(value)
        if arr.dtype.kind in "OUS":
            return arr.astype(object), string
        return arr, as_dtype(arr.dtype)
    arr = np.array(value)
    if arr.dtype.kind in "US" or arr.dtype == object:
        return np.array(value, dtype=object), string
    if arr.dtype == np.float64:
        return arr.astype(np.float32), float32
    if arr.dtype == np.int64:
        if arr.size and (arr.max() > 2 ** 31 - 1 or arr.min() < -2 ** 31):
            return arr, int64
        return arr.astype(np.int32), int32
    return arr, as_dtype(arr.dtype)


def convert_operands(x, y, x_name="x", y_name="y", op="", named=False):
    """Converts a binary op's operands: the tensor operand fixes the dtype of the other.
    `named`: a converted Python value is a Const named after its argument (TF's names inside
    an op's name scope: "truediv/y")."""
    xn, yn = (x_name, y_name) if named else (None, None)
    if isinstance(x, Tensor) or hasattr(x, "_as_tensor"):
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype_hint=x.dtype, name=yn)
    elif isinstance(y, Tensor) or hasattr(y, "_as_tensor"):
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, dtype_hint=y.dtype, name=xn)
    else:
        x = convert_to_tensor(x, name=xn)
        y = convert_to_tensor(y, dtype_hint=x.dtype, name=yn)
    if x.dtype is not y.dtype and x.dtype != y.dtype and not executing_eagerly():
        raise TypeError("Input '%s' of '%s' Op has type %s that does not match type %s of argument '%s'."
                        % (y_name, op, y.dtype.name, x.dtype.name, x_name))
    return x, y


class PartitionedVariable:
    """tensorflow.python.ops.variables.PartitionedVariable, for libraries' isinstance checks
    (tf-slim's): the bundled runtime makes no partitioned variables (a partitioner is ignored)."""

    def __init__(self, *a, **k):
        raise UnsupportedSymbolError("tensorflow.python.ops.variables.PartitionedVariable")


def constant_value(t):
    """The value of `t` when it is known without running anything (eager, a Const, or as
    TensorFlow's constant_value reads it, a Shape of a tensor whose static shape is fully
    defined)."""
    if isinstance(t, EagerTensor):
        return t._numpy()
    if t.op.type == "Const":
        return t.op.get_attr("value")
    if t.op.type == "Shape":
        dims = static_shape(t.op.inputs[0])
        if dims is not None:
            return np.array(dims, dtype=as_dtype(t.op.get_attr("out_type")).as_numpy_dtype)
    return None


def static_dims(t):
    """`t`'s shape as a list (None for unknown dimensions) when its rank is known, else None."""
    s = t.shape
    return s.as_list() if s.ndims is not None else None


def static_shape(t):
    """`t`'s shape as a list when fully known, else None."""
    s = t.shape
    return s.as_list() if s.is_fully_defined() else None


def constant_value_tensor(value, dtype=None, name="Const", shape=None):
    if value is None:   # TensorFlow's make_tensor_proto refuses None (a missing argument)
        raise ValueError("None values not supported.")
    arr, dt = _infer_np(value, dtype)
    scalar = None
    if shape is not None:
        shape = list(shape)
        if arr.size == 1 and int(np.prod(shape)) != 1:
            scalar = arr.reshape(-1)
            arr = np.full(shape, arr.reshape(()), dtype=arr.dtype)
        elif int(np.prod(shape)) != arr.size:
            raise TypeError("Eager execution of tf.constant with unsupported shape. Tried to convert "
                            "%d elements into shape %s" % (arr.size, shape))
        arr = arr.reshape(shape)
    rt = _rt_from_np(arr, dt)
    if executing_eagerly():
        return EagerTensor(rt, dt)
    g = get_default_graph()
    op = g._add_op("Const", [], {"value": arr, "dtype": dt}, name, {"value": rt, "dtype": _rt_dtype(dt)})
    if scalar is not None:
        op._compact_const = scalar   # make_tensor_proto keeps the one value of a broadcast constant
    return op.outputs[0]


def convert_to_tensor(value, dtype=None, name=None, dtype_hint=None, preferred_dtype=None, as_ref=False):
    dtype_hint = dtype_hint or preferred_dtype
    if isinstance(value, Tensor):
        t = value
    else:
        for pred, fn in _conversion_hooks:
            if pred(value):
                t = fn(value, dtype, as_ref)
                break
        else:
            if dtype is None and dtype_hint is not None:
                try:
                    return constant_value_tensor(value, dtype_hint, name or "Const")
                except (TypeError, ValueError):
                    pass
            if isinstance(value, (list, tuple)) and any(isinstance(v, Tensor) or hasattr(v, "_as_tensor") for v in _flat(value)):
                return _pack_list[0]([convert_to_tensor(v, dtype) for v in value])
            return constant_value_tensor(value, dtype, name or "Const")
    if dtype is not None and as_dtype(dtype) != t.dtype:
        raise ValueError("Tensor conversion requested dtype %s for Tensor with dtype %s: %r"
                         % (as_dtype(dtype).name, t.dtype.name, t))
    return capture(t)


def _flat(v):
    if isinstance(v, (list, tuple)):
        for x in v:
            yield from _flat(x)
    else:
        yield v


def capture(t):
    """Makes `t` usable in the current context (eager tensors entering a graph)."""
    if executing_eagerly():
        if not isinstance(t, EagerTensor):
            raise RuntimeError("A symbolic tensor (%s) was used outside its graph in eager mode "
                               "(tf.Graph / tf.function leak)." % t.name)
        return t
    g = get_default_graph()
    if isinstance(t, EagerTensor):
        if getattr(g, "building_function", False):
            return g.capture(t)
        return constant_value_tensor(t._numpy(), t.dtype)
    if t.graph is not g:
        if getattr(g, "building_function", False):
            return g.capture(t)
        if not behavior.control_flow_v2 and _encloses(g, t.graph):
            return t.graph.escape(t, g)   # a TF1 cond branch's tensor used after the cond (function.py)
        raise ValueError("Tensor(\"%s\", shape=%s, dtype=%s) must be from the same graph as "
                         "Tensor(...) (graphs are %r and %r)." % (t.name, _shape_str(t.shape), t.dtype.name, t.graph, g))
    return t


def _encloses(g, inner):
    h = getattr(inner, "outer", None)
    while h is not None:
        if h is g:
            return True
        h = getattr(h, "outer", None)
    return False


# ---------------------------------------------------------------------------- dispatch
def _rt_attrs(attrs):
    out = {}
    for k, v in attrs.items():
        if k.startswith("_"):
            continue
        if isinstance(v, DType):
            out[k] = _rt_dtype(v)
        elif isinstance(v, TensorShape):
            if v._dims is None:
                out[k + "_unknown_rank"] = True
                out[k] = []
            else:
                out[k] = [-1 if d is None else d for d in v._dims]
        elif isinstance(v, np.ndarray):
            continue
        elif v is None:
            continue
        else:
            out[k] = v
    return out


_KNOWN_OPS = set()  # op types the runtime has (its registry is fixed once loaded)


def apply_op(op_type, inputs, attrs=None, name=None):
    """Runs `op_type` now (eager) or adds it to the default graph. Returns the output list."""
    attrs = attrs or {}
    if op_type not in _KNOWN_OPS:
        if not _tfrt.has_op(op_type):
            raise UnsupportedSymbolError("op %s" % op_type)
        _KNOWN_OPS.add(op_type)
    rt_attrs = _rt_attrs(attrs)
    if executing_eagerly():
        try:
            outs = _tfrt.execute(op_type, [t._rt for t in inputs], rt_attrs)
        except _tfrt.StatusError as e:
            raise_status(e)
        res = [EagerTensor(o) for o in outs]
        if op_type in ("VarHandleOp",):
            for r in res:
                r._dtype = resource
    else:
        g = get_default_graph()
        op = g._add_op(op_type, [capture(t) for t in inputs], attrs, name or op_type, rt_attrs)
        res = op.outputs
        inputs = op.inputs
    if ctx.tapes:
        for tape in ctx.tapes:
            tape._record(op_type, inputs, res, attrs)
    return res


def op1(op_type, inputs, attrs=None, name=None):
    return apply_op(op_type, inputs, attrs, name)[0]


# ---------------------------------------------------------------------------- gradient registry
# One gradient function per TF op type, registered by each op family (array_grad.py,
# math_grad.py, nn_grad.py, ...) and used by tf.gradients and GradientTape (gradients.py).
# A gradient function gets an op-like object (.type, .inputs, .outputs, .get_attr) and the
# output gradients, and returns one gradient (or None) per input.
_GRADIENTS = {}
_NOT_DIFFERENTIABLE = set()   # op types whose inputs get no gradient


def register_gradient(*op_types):
    def deco(fn):
        for n in op_types:
            _GRADIENTS[n] = fn
        return fn
    return deco


def not_differentiable(*op_types):
    _NOT_DIFFERENTIABLE.update(op_types)


def skipped_inputs(op):
    """Indices of op's inputs whose gradient nobody asked for (set by the eager tape, as
    TensorFlow's skip_input_indices; graph-mode tf.gradients builds every gradient)."""
    return getattr(op, "skip_input_indices", ())


def dimension_value(dimension):
    """tf.compat.v1.dimension_value: the int (or None) of a Dimension, or the value itself."""
    if isinstance(dimension, Dimension):
        return dimension.value
    return dimension


def dimension_at_index(shape, index):
    """tf.compat.v1.dimension_at_index: a Dimension whether or not the rank is known."""
    shape = TensorShape(shape)
    if shape.ndims is None:
        return Dimension(None)
    return Dimension(shape._dims[index])


def _get_graph_from_inputs(op_input_list, graph=None):
    """framework.ops._get_graph_from_inputs: the graph the inputs belong to (all must share
    one), else `graph`, else the default graph."""
    if graph is not None and not isinstance(graph, Graph):
        raise TypeError("Input graph needs to be a Graph: %s" % (graph,))
    original = None
    for item in tuple(op_input_list):
        if not isinstance(item, (Tensor, Operation)) or isinstance(item, EagerTensor):
            continue
        if graph is None:
            original, graph = item, item.graph
        elif original is not None:
            if item.graph is not original.graph:
                raise ValueError("%s must be from the same graph as %s (graphs are %s and %s)."
                                 % (item, original, item.graph, original.graph))
        elif item.graph is not graph:
            raise ValueError("%s is not from the passed-in graph." % item)
    return graph if graph is not None else get_default_graph()

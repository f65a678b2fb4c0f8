"""The Keras backend state over the bundled runtime: KerasVariable (a Keras 3 weight wrapping a
tf.Variable), the Keras name scope of the layers being called or built, the `training`
value an outer call passes down, whether fit / evaluate is running (their outputs count as
symbolic), and tf.keras.backend's clear_session / floatx / epsilon."""
import numpy as np

from .. import core, variables
from . import initializers, naming
from ..core import convert_to_tensor as _t


EPSILON = 1e-7


scope = []          # the Keras name scope: names of the layers being called/built
call_training = []  # the `training` value an outer layer call passes down
full_paths = []     # non-empty while a top-level Sequential builds its layers
scope_kind = []     # per _scope entry: "call" (opened by __call__) or "build"


fitting = []


def unsupported(what):
    return NotImplementedError("tfmigrate bundled runtime: %s is not supported (it cannot reproduce Keras 3's numbers); "
                               "run with --backend tensorflow" % what)


# ---------------------------------------------------------------------------- variables
class KerasVariable:
    """A Keras 3 weight: `name` is the short name, `path` the scoped one; the value lives in
    a tf.Variable named by the path (what TensorFlow's own variable listing shows)."""

    def __init__(self, initializer, shape, dtype=None, trainable=True, name=None, path=None):
        dtype = core.as_dtype(dtype or core.float32)
        self._name = name or naming.auto_name("variable")
        if path is not None:
            self._path = tf_name = path
        else:
            self._path = "/".join(scope + [self._name])
            # the backing tf.Variable's name, as TF 2.21 + Keras 3 name it: a weight created
            # in an eager call of nested layers gets only the outermost layer's scope
            # ("model/kernel"); one built while a top-level Sequential builds (Keras traces
            # it symbolically) gets the whole path
            # (scopes a layer's __call__ opened below the outermost do not show; those opened
            # by a build called from another build do: "lstm/lstm_cell/kernel")
            tf_name = self._path if (full_paths or not scope) else "/".join(
                [scope[0]] + [n for n, k in zip(scope[1:], scope_kind[1:]) if k == "build"] + [self._name])
        init = initializers.get_initializer(initializer)
        shape = [int(s) for s in shape]
        if isinstance(init, (np.ndarray, np.generic, list, float, int)):
            value = np.asarray(init, dtype=dtype.as_numpy_dtype).reshape(shape)
        else:
            # run where the variable is created; as Keras 3, the initializer gets the shape as a
            # tuple and the dtype's name (a user's `lambda shape, dtype=None: ...` sees those),
            # and what it returns is converted to the weight's dtype (a tensor must have it)
            value = lambda: _initial_value(init(tuple(shape), dtype=dtype.name), dtype)   # noqa: E731
        self._tfm_variable = variables.Variable(value, trainable=trainable, name=tf_name, dtype=dtype)
        self.regularizer = None
        self._value = self._tfm_variable   # where Keras 3 keeps it (tfmigrate's trace recorder looks there)

    name = property(lambda self: self._name)
    path = property(lambda self: self._path)
    dtype = property(lambda self: self._tfm_variable.dtype)
    shape = property(lambda self: self._tfm_variable.shape)

    @property
    def trainable(self):
        return self._tfm_variable.trainable

    @trainable.setter
    def trainable(self, value):   # Keras 3 freezes a layer's weights by flipping this
        self._tfm_variable._trainable = bool(value)
    ndim = property(lambda self: len(self._tfm_variable.shape))

    @property
    def value(self):   # a property in Keras 3: the backing tf.Variable
        return self._tfm_variable

    def numpy(self):
        return self._tfm_variable.numpy()

    def read_value(self):
        return self._tfm_variable.value()

    def _as_tensor(self):
        return self._tfm_variable.value()

    def assign(self, value):
        self._tfm_variable.assign(_t(value, dtype=self.dtype) if not isinstance(value, KerasVariable) else value._as_tensor())
        return self

    def assign_add(self, value):
        self._tfm_variable.assign_add(value)
        return self

    def assign_sub(self, value):
        self._tfm_variable.assign_sub(value)
        return self

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.numpy(), dtype=dtype)

    __array_priority__ = 100

    def __repr__(self):
        v = self.numpy()
        return "<Variable path=%s, shape=%s, dtype=%s, value=%s>" % (self._path, tuple(v.shape), self.dtype.name,
                                                                     v.item() if v.ndim == 0 else v)

    def __float__(self):
        return float(self.numpy())

    def __int__(self):
        return int(self.numpy())


def _initial_value(value, dtype):
    if isinstance(value, core.Tensor):
        if value.dtype != dtype:
            raise ValueError("initial_value: Tensor conversion requested dtype %s for Tensor with dtype %s: %r"
                             % (dtype.name, value.dtype.name, value))
        return value
    if isinstance(value, (variables.Variable, KerasVariable)):
        return value.read_value()
    return _t(np.asarray(value, dtype=dtype.as_numpy_dtype) if isinstance(value, (np.ndarray, np.generic, list,
                                                                                   tuple, float, int)) else value,
              dtype=dtype)


def _kv_operators():
    for k in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "neg", "abs", "lt", "le", "gt", "ge",
              "getitem", "radd", "rsub", "rmul", "rtruediv", "rfloordiv", "rmod", "rpow", "rmatmul"):
        name = "__%s__" % k
        fn = getattr(core.Tensor, name)
        setattr(KerasVariable, name, (lambda f: lambda self, *a: f(self._as_tensor(), *a))(fn))


_kv_operators()
core.register_conversion(lambda v: isinstance(v, KerasVariable), lambda v, dtype, as_ref: v._as_tensor())


def seed_state_variable(seed):
    """A Keras 3 SeedGenerator's state variable ([seed, 0]; a random seed when none is given)."""
    gen = naming.auto_name("seed_generator")
    state = [seed if seed is not None else int(np.random.randint(1, 2 ** 30)), 0]
    return KerasVariable(np.asarray(state, np.int64), (2,), core.int64, False, "seed_generator_state",
                         path=gen + "/seed_generator_state")


# ---------------------------------------------------------------------------- tf.keras.backend
def clear_session(free_memory=True):
    """tf.keras.backend.clear_session: Keras forgets the names it gave (the next Dense is "dense")."""
    naming.uids.clear()


def floatx():
    return "float32"


def epsilon():
    return EPSILON

"""tf.keras as TF 2.21 ships it (Keras 3), over the bundled kernels: layers (Layer base,
Dense, Conv2D, pooling, Flatten, Reshape, Lambda, merges, activations, Dropout,
BatchNormalization, LayerNormalization, Embedding, SimpleRNN, LSTM), Sequential, Model subclassing and the
functional API with compile / fit / evaluate / predict / train_on_batch, losses, metrics,
regularizers, initializers (Keras optimizers are in train.py).

Keras 3 semantics kept here: layer and metric names are uniquified per prefix for the whole
program ("dense", "dense_1", ...); a weight is a KerasVariable wrapping a tf.Variable, not
itself a tf.Variable, whose `path` is its scoped name and whose backing variable is named as
TF names it; layers assigned as attributes are tracked in assignment order; a loss reduces
"sum_over_batch_size"; fit's per-epoch "loss" is the batch-size-weighted mean of the batch
losses (a Mean named "loss"), compile metrics get TF's graph-scope names ("acc/total",
"acc_1/count"); fit and evaluate treat a softmax/sigmoid output as symbolic (its logits feed
the crossentropy, as in Keras's tf.function).

Not reproduced (NotImplementedError naming it, rather than other numbers): Keras's own
seeded random streams (Dropout with training=True, fit(shuffle=True) across several batches;
random initializers do run, but draw other numbers than Keras), Model.summary(), saving,
callbacks other than Callback subclasses / LambdaCallback / EarlyStopping /
LearningRateScheduler, sample/class weights, custom train_step, Adam/momentum on IndexedSlices gradients,
non-float32 layers. Known naming gap: a model first built inside fit or a tf.function gets
graph-uniquified tf.Variable names in TF ("dense_1_1"); here it keeps the eager ones (paths
are unaffected). verbose=1 progress output is not printed."""
import inspect
import re

import numpy as np

from . import array_ops, core, data, gradients, math_ops, nest, nn_ops, random_ops, train, variables
from .core import convert_to_tensor as _t


_EPSILON = 1e-7
_uids = {}
_scope = []          # the Keras name scope: names of the layers being called/built
_call_training = []  # the `training` value an outer layer call passes down
_full_paths = []     # non-empty while a top-level Sequential builds its layers
_scope_kind = []     # per _scope entry: "call" (opened by __call__) or "build"


def _snake(name):
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


def _auto_name(prefix):
    prefix = _snake(prefix)
    n = _uids.get(prefix, 0)
    _uids[prefix] = n + 1
    return prefix if n == 0 else "%s_%d" % (prefix, n)


def _unsupported(what):
    return NotImplementedError("tfmigrate bundled runtime: %s is not supported (it cannot reproduce Keras 3's numbers); "
                               "run with --backend tensorflow" % what)


# ---------------------------------------------------------------------------- variables
class KerasVariable:
    """A Keras 3 weight: `name` is the short name, `path` the scoped one; the value lives in
    a tf.Variable named by the path (what TensorFlow's own variable listing shows)."""

    def __init__(self, initializer, shape, dtype=None, trainable=True, name=None, path=None):
        dtype = core.as_dtype(dtype or core.float32)
        self._name = name or _auto_name("variable")
        if path is not None:
            self._path = tf_name = path
        else:
            self._path = "/".join(_scope + [self._name])
            # the backing tf.Variable's name, as TF 2.21 + Keras 3 name it: a weight created
            # in an eager call of nested layers gets only the outermost layer's scope
            # ("model/kernel"); one built while a top-level Sequential builds (Keras traces
            # it symbolically) gets the whole path
            # (scopes a layer's __call__ opened below the outermost do not show; those opened
            # by a build called from another build do: "lstm/lstm_cell/kernel")
            tf_name = self._path if (_full_paths or not _scope) else "/".join(
                [_scope[0]] + [n for n, k in zip(_scope[1:], _scope_kind[1:]) if k == "build"] + [self._name])
        init = get_initializer(initializer)
        shape = [int(s) for s in shape]
        if isinstance(init, (np.ndarray, np.generic, list, float, int)):
            value = np.asarray(init, dtype=dtype.as_numpy_dtype).reshape(shape)
        else:
            value = lambda: init(shape, dtype=dtype)   # noqa: E731 - run where the variable is created
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


def _kv_operators():
    for k in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "neg", "abs", "lt", "le", "gt", "ge",
              "getitem", "radd", "rsub", "rmul", "rtruediv", "rfloordiv", "rmod", "rpow", "rmatmul"):
        name = "__%s__" % k
        fn = getattr(core.Tensor, name)
        setattr(KerasVariable, name, (lambda f: lambda self, *a: f(self._as_tensor(), *a))(fn))


_kv_operators()
core.register_conversion(lambda v: isinstance(v, KerasVariable), lambda v, dtype, as_ref: v._as_tensor())


# ---------------------------------------------------------------------------- initializers
class Initializer:
    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = core.as_dtype(dtype or core.float32)
        v = np.asarray(self.value.numpy() if hasattr(self.value, "numpy") else self.value, dtype=dtype.as_numpy_dtype)
        return core.constant_value_tensor(np.broadcast_to(v, tuple(shape)).copy(), dtype)


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return array_ops.zeros(list(shape), core.as_dtype(dtype or core.float32))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return array_ops.ones(list(shape), core.as_dtype(dtype or core.float32))


class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        dtype = core.as_dtype(dtype or core.float32)
        return core.constant_value_tensor(self.gain * np.eye(*shape), dtype)


class _Random(Initializer):
    """Keras 3 draws these from its own seed generator: the shapes and distribution match
    TensorFlow, the numbers do not (use a deterministic initializer to compare values)."""

    def __init__(self, seed=None, **kw):
        self.seed, self.kw = seed, kw

    def __call__(self, shape, dtype=None):
        dtype = core.as_dtype(dtype or core.float32)
        return self._draw(list(shape), dtype)


def _fans(shape):
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    rf = int(np.prod(shape[:-2])) if len(shape) > 2 else 1
    return shape[-2] * rf, shape[-1] * rf


class VarianceScaling(_Random):
    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None):
        super().__init__(seed)
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _draw(self, shape, dtype):
        fi, fo = _fans(shape)
        n = {"fan_in": fi, "fan_out": fo, "fan_avg": (fi + fo) / 2.0}[self.mode]
        s = self.scale / max(1.0, n)
        if self.distribution == "uniform":
            lim = float(np.sqrt(3.0 * s))
            return random_ops.random_uniform(shape, -lim, lim, dtype, self.seed)
        if self.distribution == "untruncated_normal":
            return random_ops.random_normal(shape, 0.0, float(np.sqrt(s)), dtype, self.seed)
        return random_ops.truncated_normal(shape, 0.0, float(np.sqrt(s)) / .87962566103423978, dtype, self.seed)


def _vs(scale, mode, dist):
    class Init(VarianceScaling):
        def __init__(self, seed=None):
            super().__init__(scale, mode, dist, seed)
    return Init


GlorotUniform = _vs(1.0, "fan_avg", "uniform")
GlorotNormal = _vs(1.0, "fan_avg", "truncated_normal")
HeNormal = _vs(2.0, "fan_in", "truncated_normal")
HeUniform = _vs(2.0, "fan_in", "uniform")
LecunNormal = _vs(1.0, "fan_in", "truncated_normal")
LecunUniform = _vs(1.0, "fan_in", "uniform")
for _c, _n in ((GlorotUniform, "GlorotUniform"), (GlorotNormal, "GlorotNormal"), (HeNormal, "HeNormal"),
               (HeUniform, "HeUniform"), (LecunNormal, "LecunNormal"), (LecunUniform, "LecunUniform")):
    _c.__name__ = _c.__qualname__ = _n


class RandomNormal(_Random):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def _draw(self, shape, dtype):
        return random_ops.random_normal(shape, self.mean, self.stddev, dtype, self.seed)


class RandomUniform(_Random):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def _draw(self, shape, dtype):
        return random_ops.random_uniform(shape, self.minval, self.maxval, dtype, self.seed)


class TruncatedNormal(_Random):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def _draw(self, shape, dtype):
        return random_ops.truncated_normal(shape, self.mean, self.stddev, dtype, self.seed)


_INITIALIZERS = {"zeros": Zeros, "ones": Ones, "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal,
                 "he_normal": HeNormal, "he_uniform": HeUniform, "lecun_normal": LecunNormal,
                 "lecun_uniform": LecunUniform, "random_normal": RandomNormal, "random_uniform": RandomUniform,
                 "truncated_normal": TruncatedNormal, "constant": Constant, "identity": Identity,
                 "uniform": RandomUniform, "normal": RandomNormal}


def get_initializer(spec):
    if spec is None:
        return None
    if isinstance(spec, str):
        key = _snake(spec)
        if key not in _INITIALIZERS:
            raise ValueError("Could not interpret initializer identifier: %s" % spec)
        return _INITIALIZERS[key]()
    if isinstance(spec, type):
        return spec()
    return spec


# ---------------------------------------------------------------------------- regularizers
class Regularizer:
    def __call__(self, x):
        return _t(0.0)


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1, self.l2 = float(l1 or 0.0), float(l2 or 0.0)

    def __call__(self, x):
        x = _t(x)
        reg = _t(0.0, dtype=x.dtype)
        if self.l1 != 0.0:
            reg = math_ops.add(reg, math_ops.multiply(_t(self.l1, dtype=x.dtype), math_ops.reduce_sum(math_ops.abs(x))))
        if self.l2 != 0.0:
            reg = math_ops.add(reg, math_ops.multiply(_t(self.l2, dtype=x.dtype), math_ops.reduce_sum(math_ops.square(x))))
        return reg


class L1(Regularizer):
    def __init__(self, l1=0.01):
        self.l1 = float(0.01 if l1 is None else l1)

    def __call__(self, x):
        x = _t(x)
        return math_ops.multiply(_t(self.l1, dtype=x.dtype), math_ops.reduce_sum(math_ops.abs(x)))


class L2(Regularizer):
    def __init__(self, l2=0.01):
        self.l2 = float(0.01 if l2 is None else l2)

    def __call__(self, x):
        x = _t(x)
        return math_ops.multiply(_t(self.l2, dtype=x.dtype), math_ops.reduce_sum(math_ops.square(x)))


def get_regularizer(spec):
    if spec is None or isinstance(spec, Regularizer) or (callable(spec) and not isinstance(spec, str)):
        return spec
    table = {"l1": L1, "l2": L2, "l1_l2": L1L2, "l1l2": L1L2}
    if isinstance(spec, str) and spec.lower() in table:
        return table[spec.lower()]()
    raise ValueError("Could not interpret regularizer identifier: %s" % (spec,))


# ---------------------------------------------------------------------------- activations
def _keras_softmax(x, axis=-1):
    out = nn_ops.softmax(x)
    _mark_logits(out, x)
    return out


def _keras_sigmoid(x):
    out = math_ops.sigmoid(x)
    _mark_logits(out, x)
    return out


def _mark_logits(out, logits):
    # Keras 3 records the logits on a symbolic softmax/sigmoid output (an EagerTensor takes
    # no new attribute), and its crossentropies then use them. fit/evaluate run in a
    # tf.function in Keras, so their outputs count as symbolic here.
    if not isinstance(out, core.EagerTensor) or _fitting:
        out._keras_logits = logits


def _linear(x):
    return x


ACTIVATIONS = {"relu": nn_ops.relu, "sigmoid": _keras_sigmoid, "tanh": math_ops.tanh, "softmax": _keras_softmax,
               "linear": _linear, "softplus": math_ops.softplus, "exponential": math_ops.exp}


def get_activation(a):
    if a is None:
        return _linear
    if isinstance(a, str):
        if a not in ACTIVATIONS:
            raise ValueError("Could not interpret activation function identifier: %s" % a)
        return ACTIVATIONS[a]
    return a


# ---------------------------------------------------------------------------- layers
def _as_input(x):
    """Keras 3 converts array arguments to tensors and floats to float32 (the layer's
    compute dtype)."""
    if isinstance(x, KerasVariable):
        x = x._as_tensor()
    elif isinstance(x, variables.Variable):
        x = x.value()
    elif not isinstance(x, core.Tensor):
        if isinstance(x, (np.ndarray, list, tuple, float, int, np.generic)):
            a = np.asarray(x)
            x = _t(a.astype(np.float32) if a.dtype.kind == "f" else a)
        else:
            return x
    if x.dtype.is_floating and x.dtype != core.float32:
        x = array_ops.cast(x, core.float32)
    return x


def _layers_in(v):
    if isinstance(v, Layer):
        return [v]
    if isinstance(v, (list, tuple)):
        return [l for x in v for l in _layers_in(x)]
    if isinstance(v, dict):
        return [l for x in v.values() for l in _layers_in(x)]
    return []


class Layer:
    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        self.__dict__.setdefault("_layers", [])
        self._trainable_variables, self._non_trainable_variables = [], []
        self._name = name or _auto_name(type(self).__name__)
        if dtype is not None and (getattr(dtype, "name", dtype) not in ("float32", "mixed_float32")):
            raise _unsupported("a layer dtype other than float32 (%s)" % (getattr(dtype, "name", dtype),))
        self._trainable = trainable
        self.built = False
        shape = kwargs.pop("input_shape", None)
        if shape is None and kwargs.get("input_dim") is not None:
            shape = (kwargs.pop("input_dim"),)
        kwargs.pop("input_dim", None)
        self._input_shape_arg = tuple(shape) if shape is not None else None
        for k in ("activity_regularizer", "autocast"):
            kwargs.pop(k, None)
        if kwargs:
            raise TypeError("Unrecognized keyword arguments passed to %s: %s" % (type(self).__name__, kwargs))

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "build" in cls.__dict__:
            orig = cls.__dict__["build"]

            def build(self, *a, _orig=orig, **k):
                pushed = not _scope or _scope[-1] != self.name
                if pushed:
                    _scope.append(self.name)
                    _scope_kind.append("build")
                try:
                    out = _orig(self, *a, **k)
                finally:
                    if pushed:
                        _scope.pop()
                        _scope_kind.pop()
                self.built = True
                return out
            build._tfm_wrapped = True
            cls.build = build

    def __setattr__(self, k, v):
        if not k.startswith("_"):
            tracked = self.__dict__.setdefault("_layers", [])
            for l in _layers_in(v):
                if l is not self and not any(l is t for t in tracked):
                    tracked.append(l)
        object.__setattr__(self, k, v)

    name = property(lambda self: self._name)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        for v in self._trainable_variables:
            v.trainable = value
        for l in self._layers:
            l.trainable = value

    @property
    def dtype(self):
        return "float32"

    def build(self, input_shape=None):
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def add_weight(self, shape=None, initializer=None, dtype=None, trainable=True, regularizer=None, constraint=None,
                   name=None, **kwargs):
        if constraint is not None:
            raise _unsupported("add_weight(constraint=)")
        dtype = core.as_dtype(dtype or core.float32)
        if initializer is None:
            initializer = "glorot_uniform" if dtype.is_floating else "zeros"
        pushed = not _scope or _scope[-1] != self.name
        if pushed:
            _scope.append(self.name)
            _scope_kind.append("build")
        try:
            v = KerasVariable(initializer, shape if shape is not None else (), dtype, trainable, name)
        finally:
            if pushed:
                _scope.pop()
                _scope_kind.pop()
        v.regularizer = get_regularizer(regularizer)
        (self._trainable_variables if trainable else self._non_trainable_variables).append(v)
        return v

    # losses: add_loss() during call (cleared when an outermost call starts) and the
    # penalties of weight regularizers, computed when read
    def add_loss(self, loss):
        for x in nest.flatten(loss):
            if not isinstance(x, (core.Tensor, variables.Variable, KerasVariable)):
                raise ValueError("`add_loss()` can only be called from inside `build()` or `call()`, on a tensor "
                                 "input. Received invalid value: %r" % (x,))
            self.__dict__.setdefault("_own_losses", []).append(x)

    def _clear_losses(self):
        self.__dict__["_own_losses"] = []
        for l in self._layers:
            l._clear_losses()

    def _all_layers(self):
        out, seen = [], set()

        def walk(layer):
            for l in layer._layers:
                if id(l) not in seen:
                    seen.add(id(l))
                    out.append(l)
                    walk(l)
        walk(self)
        return out

    @property
    def losses(self):
        out = list(self.__dict__.get("_own_losses", []))
        for l in self._all_layers():
            out.extend(l.__dict__.get("_own_losses", []))
        out.extend(w.regularizer(w) for w in self.trainable_weights if w.regularizer is not None)
        return out

    def _accepts_training(self):
        try:
            return "training" in inspect.signature(self.call).parameters
        except (TypeError, ValueError):
            return False

    def __call__(self, *args, **kwargs):
        if not args:
            raise ValueError("Layer %s was called without inputs" % self.name)
        if any(isinstance(a, KerasTensor) for a in nest.flatten(args[0])):
            return _symbolic_call(self, args, kwargs)
        first = args[0]
        if isinstance(first, (list, tuple)) and any(isinstance(a, (core.Tensor, np.ndarray, variables.Variable,
                                                                   KerasVariable)) for a in nest.flatten(first)):
            first = nest.map_structure(_as_input, first)
        else:
            first = _as_input(first)
        args = (first,) + tuple(args[1:])
        training = kwargs.get("training")
        if "training" in kwargs and not self._accepts_training():
            kwargs.pop("training")
        elif "training" not in kwargs and self._accepts_training() and _call_training and _call_training[-1] is not None:
            kwargs["training"] = _call_training[-1]
        if training is None and _call_training:
            training = _call_training[-1]
        if not _call_training:
            self._clear_losses()   # an outermost call starts a new collection of add_loss() losses
        _scope.append(self.name)
        _scope_kind.append("call")
        _call_training.append(training)
        try:
            if not self.built:
                self._maybe_build(args[0])
            return self.call(*args, **kwargs)
        finally:
            _call_training.pop()
            _scope.pop()
            _scope_kind.pop()

    def _maybe_build(self, x):
        if type(self).build is not Layer.build:
            shape = nest.map_structure(lambda t: tuple(t.shape.as_list()), x) if isinstance(x, (list, tuple)) \
                else tuple(x.shape.as_list()) if isinstance(x, core.Tensor) else None
            self.build(shape)
        self.built = True

    # weights
    @property
    def layers(self):
        return list(self._layers)

    @property
    def weights(self):
        out, seen = [], set()
        for w in self._trainable_variables + self._non_trainable_variables:
            if id(w) not in seen:
                seen.add(id(w))
                out.append(w)
        for l in self._layers:
            for w in l.weights:
                if id(w) not in seen:
                    seen.add(id(w))
                    out.append(w)
        return out

    @property
    def trainable_weights(self):
        return [w for w in self.weights if w.trainable] if self.trainable else []

    @property
    def non_trainable_weights(self):
        return [w for w in self.weights if not w.trainable] if self.trainable else self.weights

    @property
    def variables(self):
        """The weights plus other state (a Dropout's seed generator state)."""
        out, seen = [], set()
        for w in self._trainable_variables + self._non_trainable_variables + self._state_variables():
            if id(w) not in seen:
                seen.add(id(w))
                out.append(w)
        for l in self._layers:
            for w in l.variables:
                if id(w) not in seen:
                    seen.add(id(w))
                    out.append(w)
        return out

    def _state_variables(self):
        return []

    @property
    def trainable_variables(self):
        return [w for w in self.variables if w.trainable] if self.trainable else []

    @property
    def non_trainable_variables(self):
        return [w for w in self.variables if not w.trainable] if self.trainable else self.variables

    def get_weights(self):
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights):
        ws = self.weights
        if len(ws) != len(weights):
            raise ValueError("You called `set_weights(weights)` on layer '%s' with a weight list of length %d, but the "
                             "layer was expecting %d weights." % (self.name, len(weights), len(ws)))
        for w, v in zip(ws, weights):
            v = np.asarray(v)
            if tuple(v.shape) != tuple(w.shape.as_list()):
                raise ValueError("Layer %s weight shape %s is not compatible with provided weight shape %s."
                                 % (self.name, tuple(w.shape.as_list()), tuple(v.shape)))
            w.assign(v)

    def count_params(self):
        return int(sum(np.prod(w.shape.as_list()) for w in self.weights))

    def __repr__(self):
        return "<%s name=%s, built=%s>" % (type(self).__name__, self.name, self.built)


class Dense(Layer):
    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(**kwargs)
        if any(x is not None for x in (activity_regularizer, kernel_constraint, bias_constraint)):
            raise _unsupported("Dense activity_regularizer/constraints")
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        self.units = int(units)
        self.activation = get_activation(activation)
        self.use_bias = use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel = self.bias = None

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, name="kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, name="bias")

    def call(self, inputs):
        x = inputs
        if len(x.shape) > 2:
            lead = array_ops.shape(x)[:-1]
            y = math_ops.matmul(array_ops.reshape(x, [-1, x.shape.as_list()[-1]]), self.kernel)
            y = array_ops.reshape(y, array_ops.concat([lead, [self.units]], 0))
        else:
            y = math_ops.matmul(x, self.kernel)
        if self.use_bias:
            y = math_ops.add(y, self.bias)
        return self.activation(y)


def _tuple2(v, what):
    if isinstance(v, int):
        return (v, v)
    v = tuple(int(x) for x in v)
    if len(v) != 2:
        raise ValueError("The `%s` argument must be a tuple of 2 integers. Received: %s" % (what, v))
    return v


def _channels_last(data_format):
    if data_format not in (None, "channels_last"):
        raise _unsupported("data_format=%r (only channels_last)" % data_format)


class Conv2D(Layer):
    """Keras 3 Conv2D, channels_last: the Conv2D kernel, then the bias and the activation."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1),
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(**kwargs)
        _channels_last(data_format)
        if groups != 1 or any(x is not None for x in (activity_regularizer, kernel_constraint, bias_constraint)):
            raise _unsupported("Conv2D groups/activity_regularizer/constraints")
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        if padding not in ("valid", "same"):
            raise ValueError("The `padding` argument must be one of 'valid', 'same'. Received: %s" % padding)
        self.filters, self.kernel_size = int(filters), _tuple2(kernel_size, "kernel_size")
        self.strides, self.padding = _tuple2(strides, "strides"), padding
        self.dilation_rate = _tuple2(dilation_rate, "dilation_rate")
        self.activation, self.use_bias = get_activation(activation), use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel = self.bias = None

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=self.kernel_size + (input_shape[-1], self.filters),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      name="kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, name="bias")

    def call(self, inputs):
        y = nn_ops.conv2d_v2(inputs, self.kernel, strides=[1, *self.strides, 1], padding=self.padding.upper(),
                                dilations=[1, *self.dilation_rate, 1])
        if self.use_bias:
            y = math_ops.add(y, array_ops.reshape(self.bias, [1, 1, 1, self.filters]))
        return self.activation(y)


class _Pooling2D(Layer):
    _op = None

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(**kwargs)
        _channels_last(data_format)
        self.pool_size = _tuple2(pool_size, "pool_size")
        self.strides = _tuple2(strides, "strides") if strides is not None else self.pool_size
        self.padding = padding

    def call(self, inputs):
        fn = nn_ops.max_pool_v2 if self._op == "max" else nn_ops.avg_pool_v2
        return fn(inputs, [1, *self.pool_size, 1], [1, *self.strides, 1], self.padding.upper())


class MaxPooling2D(_Pooling2D):
    _op = "max"


class AveragePooling2D(_Pooling2D):
    _op = "avg"


class BatchNormalization(Layer):
    """Keras 3 BatchNormalization over the last axis: batch moments (tf.nn.moments) and a
    moving-average update when called with training=True (as fit does), the moving
    statistics otherwise; tf.nn.batch_normalization either way."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 synchronized=False, renorm=False, **kwargs):
        super().__init__(**kwargs)
        if axis not in (-1,) or renorm or any(x is not None for x in (beta_regularizer, gamma_regularizer,
                                                                      beta_constraint, gamma_constraint)):
            raise _unsupported("BatchNormalization(axis != -1 / renorm / regularizers / constraints)")
        self.axis, self.momentum, self.epsilon, self.center, self.scale = axis, float(momentum), float(epsilon), \
            center, scale
        self._inits = (gamma_initializer, beta_initializer, moving_mean_initializer, moving_variance_initializer)
        self.gamma = self.beta = None

    def build(self, input_shape):
        shape = (input_shape[-1],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, initializer=self._inits[0], name="gamma")
        if self.center:
            self.beta = self.add_weight(shape=shape, initializer=self._inits[1], name="beta")
        self.moving_mean = self.add_weight(shape=shape, initializer=self._inits[2], trainable=False,
                                           name="moving_mean")
        self.moving_variance = self.add_weight(shape=shape, initializer=self._inits[3], trainable=False,
                                               name="moving_variance")

    def call(self, inputs, training=None, mask=None):
        if mask is not None:
            raise _unsupported("BatchNormalization with a mask")
        moving_mean, moving_variance = self.moving_mean.read_value(), self.moving_variance.read_value()
        if training and self.trainable:
            mean, variance = nn_ops.moments(inputs, list(range(len(inputs.shape) - 1)))
            keep = _t(1.0 - self.momentum)
            self.moving_mean.assign(math_ops.add(math_ops.multiply(moving_mean, _t(self.momentum)), math_ops.multiply(mean, keep)))
            self.moving_variance.assign(math_ops.add(math_ops.multiply(moving_variance, _t(self.momentum)),
                                                math_ops.multiply(variance, keep)))
        else:
            mean, variance = moving_mean, moving_variance
        return nn_ops.batch_normalization(inputs, mean, variance, self.beta.read_value() if self.center else None,
                                          self.gamma.read_value() if self.scale else None, self.epsilon)


class LayerNormalization(Layer):
    """Keras 3 LayerNormalization over the last axis: moments (keepdims), inv = rsqrt(var +
    eps) * gamma, out = x * inv + (beta - mean * inv)."""

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, rms_scaling=False, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        super().__init__(**kwargs)
        if axis != -1 or rms_scaling or any(x is not None for x in (beta_constraint, gamma_constraint)):
            raise _unsupported("LayerNormalization(axis != -1 / rms_scaling / constraints)")
        self.axis, self.epsilon, self.center, self.scale = axis, float(epsilon), center, scale
        self._inits = (gamma_initializer, beta_initializer)
        self._regs = (gamma_regularizer, beta_regularizer)
        self.gamma = self.beta = None

    def build(self, input_shape):
        shape = (input_shape[-1],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, initializer=self._inits[0], regularizer=self._regs[0],
                                         name="gamma")
        if self.center:
            self.beta = self.add_weight(shape=shape, initializer=self._inits[1], regularizer=self._regs[1],
                                        name="beta")

    def call(self, inputs):
        mean, variance = nn_ops.moments(inputs, [len(inputs.shape) - 1], keepdims=True)
        inv = math_ops.rsqrt(math_ops.add(variance, _t(self.epsilon, dtype=inputs.dtype)))
        if self.scale:
            inv = math_ops.multiply(inv, self.gamma.read_value())
        res = math_ops.multiply(math_ops.negative(mean), inv)
        if self.center:
            res = math_ops.add(res, self.beta.read_value())
        return math_ops.add(math_ops.multiply(inputs, inv), res)


class SimpleRNNCell(Layer):
    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", seed=None, **kwargs):
        super().__init__(**kwargs)
        self.units, self.activation, self.use_bias = int(units), get_activation(activation), use_bias
        self._inits = (kernel_initializer, recurrent_initializer, bias_initializer)
        self.bias = None
        self._seed_state = _seed_state_variable(seed)   # Keras 3 cells keep one for their dropout masks

    def _state_variables(self):
        return [self._seed_state]

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=self._inits[0], name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer=self._inits[1],
                                                name="recurrent_kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.units,), initializer=self._inits[2], name="bias")

    def step(self, x, states):
        h = math_ops.matmul(x, self.kernel)
        if self.bias is not None:
            h = math_ops.add(h, self.bias)
        out = self.activation(math_ops.add(h, math_ops.matmul(states[0], self.recurrent_kernel)))
        return out, [out]


class LSTMCell(Layer):
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.units, self.use_bias, self.unit_forget_bias = int(units), use_bias, unit_forget_bias
        self.activation, self.recurrent_activation = get_activation(activation), get_activation(recurrent_activation)
        self._inits = (kernel_initializer, recurrent_initializer, bias_initializer)
        self.bias = None
        self._seed_state = _seed_state_variable(seed)

    def _state_variables(self):
        return [self._seed_state]

    def build(self, input_shape):
        u = self.units
        self.kernel = self.add_weight(shape=(input_shape[-1], 4 * u), initializer=self._inits[0], name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(u, 4 * u), initializer=self._inits[1], name="recurrent_kernel")
        if self.use_bias:
            init = get_initializer(self._inits[2])
            if self.unit_forget_bias:
                base = init

                def init(shape, dtype=None):   # Keras 3: the forget gate's bias starts at one
                    return array_ops.concat([base((u,), dtype=dtype), array_ops.ones([u], core.as_dtype(dtype or core.float32)),
                                       base((2 * u,), dtype=dtype)], 0)
            self.bias = self.add_weight(shape=(4 * u,), initializer=init, name="bias")

    def step(self, x, states):
        h_prev, c_prev = states
        z = math_ops.add(math_ops.matmul(x, self.kernel), math_ops.matmul(h_prev, self.recurrent_kernel))
        if self.bias is not None:
            z = math_ops.add(z, self.bias)
        u = self.units
        z0, z1, z2, z3 = (z[:, k * u:(k + 1) * u] for k in range(4))
        i, f = self.recurrent_activation(z0), self.recurrent_activation(z1)
        c = math_ops.add(math_ops.multiply(f, c_prev), math_ops.multiply(i, self.activation(z2)))
        o = self.recurrent_activation(z3)
        h = math_ops.multiply(o, self.activation(c))
        return h, [h, c]


class _RNN(Layer):
    """Keras 3 SimpleRNN / LSTM over a (batch, time, features) input with a static number
    of steps: zero initial states, the cell applied step by step (no dropout masks)."""
    _n_states = 1

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, dropout=0.0, recurrent_dropout=0.0, **kwargs):
        super().__init__(**kwargs)
        if stateful or dropout or recurrent_dropout:
            raise _unsupported("%s(stateful / dropout / recurrent_dropout)" % type(self).__name__)
        self.cell = cell
        self.return_sequences, self.return_state, self.go_backwards = return_sequences, return_state, go_backwards

    def build(self, input_shape):
        self.cell.build((input_shape[0], input_shape[-1]))

    def call(self, inputs, initial_state=None, training=None, mask=None):
        if mask is not None:
            raise _unsupported("%s with a mask" % type(self).__name__)
        steps = inputs.shape.as_list()[1]
        if steps is None:
            raise _unsupported("%s over a sequence of unknown length" % type(self).__name__)
        if initial_state is None:
            batch = inputs.shape.as_list()[0]
            zero = array_ops.zeros([batch, self.cell.units], inputs.dtype) if batch is not None else \
                array_ops.stop_gradient(array_ops.zeros(array_ops.stack([array_ops.shape(inputs)[0], self.cell.units]), inputs.dtype))
            states = [zero] * self._n_states
        else:
            states = [_t(v) for v in (initial_state if isinstance(initial_state, (list, tuple)) else [initial_state])]
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        outputs = []
        for t in order:
            out, states = self.cell.step(inputs[:, t, :], states)
            outputs.append(out)
        result = array_ops.stack(outputs, axis=1) if self.return_sequences else outputs[-1]
        return [result] + list(states) if self.return_state else result


class SimpleRNN(_RNN):
    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", seed=None, **kwargs):
        if any(kwargs.get(k) is not None for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer")):
            raise _unsupported("SimpleRNN regularizers")
        for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer"):
            kwargs.pop(k, None)
        cell = SimpleRNNCell(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                             seed=seed, name="simple_rnn_cell")
        super().__init__(cell, **kwargs)
        self.units = units


class LSTM(_RNN):
    _n_states = 2

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, seed=None, **kwargs):
        if any(kwargs.get(k) is not None for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer")):
            raise _unsupported("LSTM regularizers")
        for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer"):
            kwargs.pop(k, None)
        cell = LSTMCell(units, activation, recurrent_activation, use_bias, kernel_initializer, recurrent_initializer,
                        bias_initializer, unit_forget_bias, seed=seed, name="lstm_cell")
        super().__init__(cell, **kwargs)
        self.units = units


class Embedding(Layer):
    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, **kwargs):
        super().__init__(**kwargs)
        if embeddings_regularizer is not None or embeddings_constraint is not None or mask_zero:
            raise _unsupported("Embedding(regularizer / constraint / mask_zero)")
        self.input_dim, self.output_dim = int(input_dim), int(output_dim)
        self.embeddings_initializer = embeddings_initializer
        self.embeddings = None

    def build(self, input_shape=None):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer, name="embeddings")

    def call(self, inputs):
        if inputs.dtype not in (core.int32, core.int64):
            inputs = array_ops.cast(inputs, core.int32)
        return array_ops.gather(self.embeddings, inputs)


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(int(d) for d in target_shape)

    def call(self, inputs):
        return array_ops.reshape(inputs, array_ops.concat([array_ops.shape(inputs)[:1], _t(list(self.target_shape), dtype=core.int32)], 0))


class Lambda(Layer):
    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function, self.arguments = function, dict(arguments or {})

    def call(self, inputs):
        return self.function(inputs, **self.arguments)


class _Merge(Layer):
    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 1:
            raise ValueError("A merge layer should be called on a list of inputs. Received: inputs=%r" % (inputs,))
        return self._merge(list(inputs))


class Add(_Merge):
    def _merge(self, xs):
        out = xs[0]
        for x in xs[1:]:
            out = math_ops.add(out, x)
        return out


class Subtract(_Merge):
    def _merge(self, xs):
        if len(xs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs. Received: inputs=%r" % (xs,))
        return math_ops.subtract(xs[0], xs[1])


class Multiply(_Merge):
    def _merge(self, xs):
        out = xs[0]
        for x in xs[1:]:
            out = math_ops.multiply(out, x)
        return out


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def _merge(self, xs):
        return array_ops.concat(xs, self.axis)


class _GlobalPooling2D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        _channels_last(data_format)
        self.keepdims = keepdims

    def call(self, inputs):
        fn = math_ops.reduce_mean if self._op == "avg" else math_ops.reduce_max
        return fn(inputs, axis=[1, 2], keepdims=self.keepdims)


class GlobalAveragePooling2D(_GlobalPooling2D):
    _op = "avg"


class GlobalMaxPooling2D(_GlobalPooling2D):
    _op = "max"


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        super().__init__(**kwargs)
        self.negative_slope = float(negative_slope)

    def call(self, inputs):
        return nn_ops.leaky_relu(inputs, alpha=self.negative_slope)


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if axis != -1:
            raise _unsupported("Softmax(axis != -1)")

    def call(self, inputs, mask=None):
        if mask is not None:
            raise _unsupported("Softmax with a mask")
        return _keras_softmax(inputs)


class Flatten(Layer):
    def call(self, inputs):
        dims = inputs.shape.as_list()[1:]
        if all(d is not None for d in dims):
            return array_ops.reshape(inputs, [-1, int(np.prod(dims))])
        return array_ops.reshape(inputs, array_ops.stack([array_ops.shape(inputs)[0], -1]))


class ReLU(Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None or negative_slope or threshold:
            raise _unsupported("ReLU(max_value/negative_slope/threshold)")

    def call(self, inputs):
        return nn_ops.relu(inputs)


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = get_activation(activation)

    def call(self, inputs):
        return self.activation(inputs)


def _seed_state_variable(seed):
    """A Keras 3 SeedGenerator's state variable ([seed, 0]; a random seed when none is given)."""
    gen = _auto_name("seed_generator")
    state = [seed if seed is not None else int(np.random.randint(1, 2 ** 30)), 0]
    return KerasVariable(np.asarray(state, np.int64), (2,), core.int64, False, "seed_generator_state",
                         path=gen + "/seed_generator_state")


class Dropout(Layer):
    """Identity at inference. Keras 3 draws training-time masks from its own SeedGenerator
    (whose state variable this layer creates, as Keras does), so training=True with a
    nonzero rate raises NotImplementedError."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError("Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             "Received: rate=%s" % rate)
        self.rate, self.seed = float(rate), seed
        self._seed_state = None
        if rate > 0:   # Keras 3 makes a SeedGenerator (and its state variable) only then
            self._seed_state = _seed_state_variable(seed)

    def _state_variables(self):
        return [self._seed_state] if self._seed_state is not None else []

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            raise _unsupported("Dropout with training=True (Keras 3 seed-generator masks)")
        return inputs


class KerasTensor:
    """A symbolic input or layer output of the functional API (tf.keras.Input(...),
    layer(keras_tensor)): its shape has None for the batch dimension; calling a Functional
    model replays the recorded layer calls on real tensors."""

    def __init__(self, shape, dtype=None, name=None, node=None):
        self.shape = tuple(shape)
        self.dtype = core.as_dtype(dtype or core.float32)
        self.name = name or _auto_name("keras_tensor")
        self._node = node   # (layer, args, kwargs) that made it; None for an Input

    ndim = property(lambda self: len(self.shape))

    def __repr__(self):
        return "<KerasTensor shape=%s, dtype=%s, sparse=False, ragged=False, name=%s>" % (
            self.shape, self.dtype.name, self.name)

    def __array__(self, *a, **k):
        raise TypeError("A KerasTensor is symbolic: it's a placeholder for a shape and a dtype. It doesn't have any "
                        "actual numerical value. You cannot convert it to a NumPy array.")


class InputLayer(Layer):
    def __init__(self, shape=None, batch_size=None, dtype=None, name=None, batch_shape=None, **kw):
        super().__init__(name=name or _auto_name("input_layer"))
        shape = tuple(batch_shape) if batch_shape is not None else (batch_size,) + tuple(shape or ())
        self.output = KerasTensor(shape, dtype, name)
        self.output._input_layer = self
        self.built = True


def Input(shape=None, batch_size=None, dtype=None, name=None, batch_shape=None, **kw):
    return InputLayer(shape, batch_size, dtype, name, batch_shape).output


def _symbolic_call(layer, args, kwargs):
    """A layer called on KerasTensors: builds it on a zero batch of the input shape (the
    weights Keras 3 creates there; the names compose fully, as in Keras's symbolic trace)
    and records the call."""
    def zeros(kt):
        return array_ops.zeros([1 if d is None else d for d in kt.shape], kt.dtype)
    concrete = nest.map_structure(lambda a: zeros(a) if isinstance(a, KerasTensor) else a, args[0])
    _full_paths.append(True)
    try:
        with core.force_eager():
            out = layer(concrete, *args[1:], **kwargs)
    finally:
        _full_paths.pop()
    shape = (None,) + tuple(out.shape.as_list()[1:])
    return KerasTensor(shape, out.dtype, node=(layer, args, kwargs))


# ---------------------------------------------------------------------------- losses
def _squeeze_or_expand(x1, x2):
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2 + 1 and x1.shape.as_list()[-1] == 1:
        if r2 == 1:
            x2 = array_ops.expand_dims(x2, -1)
        else:
            x1 = array_ops.squeeze(x1, [-1])
    if r2 == r1 + 1 and x2.shape.as_list()[-1] == 1:
        if r1 == 1:
            x1 = array_ops.expand_dims(x1, -1)
        else:
            x2 = array_ops.squeeze(x2, [-1])
    return x1, x2


def _get_logits(output, from_logits, op_type):
    logits = getattr(output, "_keras_logits", None)
    if logits is not None:
        return logits, True
    op = getattr(output, "op", None) if not isinstance(output, core.EagerTensor) else None
    if op is not None and getattr(op, "type", None) == op_type and len(op.inputs) == 1:
        return op.inputs[0], True
    return output, from_logits


def _pred_true(y_true, y_pred):
    y_pred = _t(y_pred)
    return array_ops.cast(_t(y_true), y_pred.dtype), y_pred


def mean_squared_error(y_true, y_pred):
    y_true, y_pred = _pred_true(y_true, y_pred)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    return math_ops.reduce_mean(math_ops.square(math_ops.subtract(y_true, y_pred)), axis=-1)


def mean_absolute_error(y_true, y_pred):
    y_true, y_pred = _pred_true(y_true, y_pred)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    return math_ops.reduce_mean(math_ops.abs(math_ops.subtract(y_true, y_pred)), axis=-1)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_true, y_pred = _pred_true(y_true, y_pred)
    if label_smoothing:
        n = array_ops.cast(array_ops.shape(y_true)[-1], y_pred.dtype)
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing), math_ops.realdiv(_t(float(label_smoothing)), n))
    if y_true.shape.as_list() != y_pred.shape.as_list():
        raise ValueError("Arguments `target` and `output` must have the same shape. Received: target.shape=%s, "
                         "output.shape=%s" % (y_true.shape, y_pred.shape))
    output, from_logits = _get_logits(y_pred, from_logits, "Softmax")
    if from_logits:
        return nn_ops.softmax_cross_entropy_with_logits_v2(labels=y_true, logits=output)
    output = math_ops.realdiv(output, math_ops.reduce_sum(output, axis=axis, keepdims=True))
    output = _clip(output)
    return math_ops.negative(math_ops.reduce_sum(math_ops.multiply(y_true, math_ops.log(output)), axis=axis))


def _clip(x):
    return math_ops.minimum(math_ops.maximum(x, _t(_EPSILON, dtype=x.dtype)), _t(1.0 - _EPSILON, dtype=x.dtype))


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    if ignore_class is not None:
        raise _unsupported("sparse_categorical_crossentropy(ignore_class=)")
    y_pred = _t(y_pred)
    y_true = _t(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape.as_list()[-1] == 1:
        y_true = array_ops.squeeze(y_true, [-1])
    output, from_logits = _get_logits(y_pred, from_logits, "Softmax")
    if not from_logits:
        output = math_ops.log(_clip(output))
    labels = array_ops.cast(y_true, core.int32)
    return nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=output)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_true, y_pred = _pred_true(y_true, y_pred)
    if label_smoothing:
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing), 0.5 * label_smoothing)
    if y_true.shape.as_list() != y_pred.shape.as_list():
        raise ValueError("Arguments `target` and `output` must have the same shape. Received: target.shape=%s, "
                         "output.shape=%s" % (y_true.shape, y_pred.shape))
    output, from_logits = _get_logits(y_pred, from_logits, "Sigmoid")
    if from_logits:
        bce = nn_ops.sigmoid_cross_entropy_with_logits(labels=y_true, logits=output)
    else:
        output = _clip(output)
        one = _t(1.0, dtype=output.dtype)
        pos = math_ops.multiply(y_true, math_ops.log(output))
        bce = math_ops.negative(math_ops.add(pos, math_ops.multiply(math_ops.subtract(one, y_true), math_ops.log(math_ops.subtract(one, output)))))
    return math_ops.reduce_mean(bce, axis=axis)


class Loss:
    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or _snake(type(self).__name__)
        if reduction == "auto":
            reduction = "sum_over_batch_size"
        if reduction not in ("sum_over_batch_size", "sum", "none", None, "mean"):
            raise ValueError("Invalid value for argument `reduction`: %r" % (reduction,))
        self.reduction = reduction

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_pred = _t(y_pred)
        if y_pred.dtype != core.float32 and y_pred.dtype.is_floating:
            y_pred = array_ops.cast(y_pred, core.float32)
        y_true = _t(y_true)
        if y_true.dtype != core.float32:
            y_true = array_ops.cast(y_true, core.float32)
        values = self.call(y_true, y_pred)
        values = _t(values)
        if sample_weight is not None:
            sw = array_ops.cast(_t(sample_weight), values.dtype)
            values, sw = _squeeze_or_expand(values, sw)
            values = math_ops.multiply(values, sw)
        return _reduce(values, self.reduction)


def _reduce(values, reduction):
    if reduction in (None, "none") or len(values.shape) == 0 or values.shape.as_list() == [0]:
        return values
    total = math_ops.reduce_sum(values)
    if reduction == "sum":
        return total
    n = array_ops.cast(math_ops.reduce_prod(_t(array_ops.shape(values), dtype=core.int32)), total.dtype)
    return array_ops.where(math_ops.equal(n, _t(0.0)), array_ops.zeros_like(total), math_ops.realdiv(total, n))


class LossFunctionWrapper(Loss):
    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn, self._fn_kwargs = fn, kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)


def _loss_class(cls_name, fn, default_name, **defaults):
    def __init__(self, *args, reduction="sum_over_batch_size", name=default_name, dtype=None, **kwargs):
        params = list(defaults)
        kw = dict(defaults)
        for k, v in zip(params, args):
            kw[k] = v
        for k, v in kwargs.items():
            if k not in kw:
                raise TypeError("%s got an unexpected keyword argument '%s'" % (cls_name, k))
            kw[k] = v
        LossFunctionWrapper.__init__(self, fn, reduction=reduction, name=name, dtype=dtype, **kw)
    cls = type(cls_name, (LossFunctionWrapper,), {"__init__": __init__})
    return cls


MeanSquaredError = _loss_class("MeanSquaredError", mean_squared_error, "mean_squared_error")
MeanAbsoluteError = _loss_class("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error")
CategoricalCrossentropy = _loss_class("CategoricalCrossentropy", categorical_crossentropy, "categorical_crossentropy",
                                      from_logits=False, label_smoothing=0.0, axis=-1)
SparseCategoricalCrossentropy = _loss_class("SparseCategoricalCrossentropy", sparse_categorical_crossentropy,
                                            "sparse_categorical_crossentropy", from_logits=False, ignore_class=None,
                                            axis=-1)
BinaryCrossentropy = _loss_class("BinaryCrossentropy", binary_crossentropy, "binary_crossentropy", from_logits=False,
                                 label_smoothing=0.0, axis=-1)

_LOSSES = {"mse": MeanSquaredError, "mean_squared_error": MeanSquaredError, "mae": MeanAbsoluteError,
           "mean_absolute_error": MeanAbsoluteError, "categorical_crossentropy": CategoricalCrossentropy,
           "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
           "binary_crossentropy": BinaryCrossentropy}


def get_loss(spec):
    if isinstance(spec, str):
        if spec not in _LOSSES:
            raise ValueError("Could not interpret loss identifier: %s" % spec)
        return _LOSSES[spec]()
    if isinstance(spec, Loss):
        return spec
    if callable(spec):
        return LossFunctionWrapper(spec, name=getattr(spec, "__name__", None))
    raise _unsupported("compile(loss=%r)" % (spec,))


# ---------------------------------------------------------------------------- metrics
class Metric:
    def __init__(self, name=None, dtype=None):
        self.name = name or _auto_name(type(self).__name__)
        self._variables = []

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        name = name or _auto_name("variable")
        v = KerasVariable(initializer, shape, dtype or core.float32, False, name, path=self.name + "/" + name)
        self._variables.append(v)
        return v

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        return self.add_variable(shape, initializer or "zeros", dtype=dtype, name=name)

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    @property
    def variables(self):
        return list(self._variables)

    def reset_state(self):
        for v in self._variables:
            v.assign(np.zeros(v.shape.as_list(), v.dtype.as_numpy_dtype))

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()


class Mean(Metric):
    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), "zeros", name="total")
        self.count = self.add_variable((), "zeros", name="count")

    def update_state(self, values, sample_weight=None):
        values = _t(values)
        values = array_ops.cast(values, core.float32)
        if sample_weight is not None:
            sw = array_ops.cast(_t(sample_weight), core.float32)
            values, sw = _squeeze_or_expand(values, sw)
            wn, vn = len(sw.shape), len(values.shape)
            if vn > wn:
                values = math_ops.reduce_mean(values, axis=list(range(wn, vn)))
            sw = array_ops.broadcast_to(sw, array_ops.shape(values))
            values = math_ops.multiply(values, sw)
            if wn > 1:
                sw = math_ops.reduce_mean(sw, axis=list(range(1, wn)))
        if len(values.shape) > 1:
            values = math_ops.reduce_mean(values, axis=list(range(1, len(values.shape))))
        self.total.assign_add(math_ops.reduce_sum(values))
        if sample_weight is not None:
            n = math_ops.reduce_sum(sw)
        elif len(values.shape) >= 1:
            n = array_ops.cast(array_ops.shape(values)[0], core.float32)
        else:
            n = _t(1.0)
        self.count.assign_add(n)

    def result(self):
        t, c = self.total.read_value(), self.count.read_value()
        return array_ops.where(math_ops.equal(c, _t(0.0)), array_ops.zeros_like(t), math_ops.realdiv(t, c))


class MeanMetricWrapper(Mean):
    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name or getattr(fn, "__name__", "mean_metric_wrapper"), dtype=dtype)
        self._fn, self._fn_kwargs = fn, kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        return Mean.update_state(self, self._fn(y_true, y_pred, **self._fn_kwargs), sample_weight=sample_weight)


def sparse_categorical_accuracy(y_true, y_pred):
    y_pred = _t(y_pred)
    y_true = array_ops.cast(_t(y_true), y_pred.dtype)
    reshape = None
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape.as_list()[-1] == 1:
        reshape = array_ops.shape(y_true)
        y_true = array_ops.squeeze(y_true, [-1])
    pred = array_ops.cast(math_ops.argmax(y_pred, -1), y_true.dtype)
    matches = array_ops.cast(math_ops.equal(y_true, pred), core.float32)
    if reshape is not None:
        matches = array_ops.reshape(matches, reshape)
    if len(matches.shape) > 1 and matches.shape.as_list()[-1] == 1:
        matches = array_ops.squeeze(matches, [-1])
    return matches


def categorical_accuracy(y_true, y_pred):
    y_pred = _t(y_pred)
    return array_ops.cast(math_ops.equal(math_ops.argmax(_t(y_true), -1), math_ops.argmax(y_pred, -1)), core.float32)


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = _t(y_pred)
    y_true = _t(y_true)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    pred = array_ops.cast(math_ops.greater(y_pred, _t(threshold, dtype=y_pred.dtype)), y_true.dtype)
    return array_ops.cast(math_ops.equal(y_true, pred), core.float32)


def _metric_class(cls_name, fn, default_name, **defaults):
    def __init__(self, name=default_name, dtype=None, **kwargs):
        kw = dict(defaults)
        kw.update(kwargs)
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype, **kw)
    return type(cls_name, (MeanMetricWrapper,), {"__init__": __init__})


SparseCategoricalAccuracy = _metric_class("SparseCategoricalAccuracy", sparse_categorical_accuracy,
                                          "sparse_categorical_accuracy")
CategoricalAccuracy = _metric_class("CategoricalAccuracy", categorical_accuracy, "categorical_accuracy")
BinaryAccuracy = _metric_class("BinaryAccuracy", binary_accuracy, "binary_accuracy", threshold=0.5)
MeanSquaredErrorMetric = _metric_class("MeanSquaredError", mean_squared_error, "mean_squared_error")
MeanAbsoluteErrorMetric = _metric_class("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error")

_METRIC_FNS = {"mae": mean_absolute_error, "mean_absolute_error": mean_absolute_error, "mse": mean_squared_error,
               "mean_squared_error": mean_squared_error, "sparse_categorical_accuracy": sparse_categorical_accuracy,
               "categorical_accuracy": categorical_accuracy, "binary_accuracy": binary_accuracy}


def _compile_metric(ident, y_true, y_pred):
    if isinstance(ident, Metric) and not isinstance(ident, Mean):
        return ident   # a Metric subclass the program wrote: update_state(y_true, y_pred)
    """Keras 3's compile-time metric: built inside fit's first trace, so TensorFlow's graph
    name scopes make its variables "NAME/total" and "NAME_1/count"."""
    if isinstance(ident, MeanMetricWrapper):
        return ident   # a metric object the program made (its variables already exist)
    if not isinstance(ident, str):
        raise _unsupported("compile(metrics=[%r]) (metric names and MeanMetricWrapper metrics are supported)"
                           % (ident,))
    if ident.lower() in ("accuracy", "acc"):
        t_rank, p_rank = len(y_true.shape), len(y_pred.shape)
        t_last, p_last = (y_true.shape.as_list() or [None])[-1], y_pred.shape.as_list()[-1]
        if p_last == 1:
            fn = binary_accuracy
        elif t_rank < p_rank or (t_last == 1 and p_last > 1):
            fn = sparse_categorical_accuracy
        else:
            fn = categorical_accuracy
        base = ident
    elif ident in _METRIC_FNS:
        fn = _METRIC_FNS[ident]
        base = fn.__name__
    else:
        raise _unsupported("compile(metrics=[%r])" % ident)
    m = MeanMetricWrapper.__new__(MeanMetricWrapper)
    Metric.__init__(m, name=base)
    m.total = m.add_variable((), "zeros", name="total")
    m.count = KerasVariable("zeros", (), core.float32, False, "count", path=base + "_1/count")
    m._variables.append(m.count)
    m._fn, m._fn_kwargs = fn, {}
    m.name = ident
    return m


# ---------------------------------------------------------------------------- models
class History:
    def __init__(self, model, params):
        self.model, self.params = model, params
        self.history, self.epoch = {}, []


class Callback:
    def __init__(self):
        self.model, self.params = None, {}

    def set_model(self, model):
        self.model = model

    def set_params(self, params):
        self.params = params

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        pass

    def on_train_batch_end(self, batch, logs=None):
        pass


class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        if kwargs:
            raise _unsupported("LambdaCallback(%s)" % ", ".join(sorted(kwargs)))
        for k, fn in (("on_epoch_begin", on_epoch_begin), ("on_epoch_end", on_epoch_end),
                      ("on_train_begin", on_train_begin), ("on_train_end", on_train_end),
                      ("on_train_batch_begin", on_train_batch_begin), ("on_train_batch_end", on_train_batch_end)):
            if fn is not None:
                setattr(self, k, fn)


class EarlyStopping(Callback):
    """Keras 3 EarlyStopping: stop when `monitor` has not improved (by min_delta) for
    `patience` epochs; optionally restore the best epoch's weights."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__()
        if verbose:
            raise _unsupported("EarlyStopping(verbose=...)")
        self.monitor, self.mode, self.min_delta = monitor, mode if mode in ("auto", "min", "max") else "auto", \
            abs(min_delta)
        self.patience, self.baseline, self.restore_best_weights = patience, baseline, restore_best_weights
        self.start_from_epoch, self.monitor_op = start_from_epoch, None
        self.wait = self.stopped_epoch = 0
        self.best = baseline
        self.best_weights = None

    def _set_monitor_op(self):
        if self.mode == "min":
            self.monitor_op = np.less
        elif self.mode == "max":
            self.monitor_op = np.greater
        else:
            name = self.monitor[4:] if self.monitor.startswith("val_") else self.monitor
            if name == "loss" or name in ("mse", "mae", "mean_squared_error", "mean_absolute_error"):
                self.monitor_op = np.less
            elif "accuracy" in name or name in ("acc",):
                self.monitor_op = np.greater
            else:
                raise ValueError("EarlyStopping callback received monitor=%s, but Keras isn't able to automatically "
                                 "determine whether that metric should be maximized or minimized. Pass "
                                 "`mode='max'` in order to monitor based on the highest metric value, or pass "
                                 "`mode='min'` in order to use the lowest value." % self.monitor)
        if self.monitor_op is np.less:
            self.min_delta *= -1

    def _is_improvement(self, value, reference):
        return True if reference is None else bool(self.monitor_op(value - self.min_delta, reference))

    def on_train_begin(self, logs=None):
        self.wait = self.stopped_epoch = 0
        self.best, self.best_weights, self.best_epoch = None, None, 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        current = (logs or {}).get(self.monitor)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights, self.best_epoch = self.model.get_weights(), epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best, self.best_epoch = current, epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.restore_best_weights and self.best_weights is not None:
            self.model.set_weights(self.best_weights)


class LearningRateScheduler(Callback):
    def __init__(self, schedule, verbose=0):
        super().__init__()
        if verbose:
            raise _unsupported("LearningRateScheduler(verbose=...)")
        self.schedule = schedule

    def on_epoch_begin(self, epoch, logs=None):
        opt = self.model.optimizer
        try:
            lr = self.schedule(epoch, float(np.asarray(opt.learning_rate)))
        except TypeError:
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError("The output of the `schedule` function should be a float. Got: %s" % (lr,))
        opt.learning_rate = lr

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = float(np.asarray(self.model.optimizer.learning_rate))


def _optimizer(spec):
    if isinstance(spec, str):
        key = spec.lower()
        if key == "sgd":
            return train.SGD()
        if key == "adam":
            return train.Adam()
        if key == "rmsprop":
            return train.RMSprop()
        if key == "adagrad":
            return train.Adagrad()
        raise _unsupported("optimizer %r" % spec)
    if isinstance(spec, train.KerasOptimizer):
        return spec
    raise _unsupported("compile(optimizer=%r)" % (spec,))


def _array(v):
    if v is None:
        return None
    if isinstance(v, core.Tensor):
        return v.numpy()
    a = np.asarray(v)
    return a.astype(np.float32) if a.dtype.kind == "f" else a


def _rows(x):
    return len(x[0]) if isinstance(x, list) else len(x)


def _slice(x, a, b):
    return [v[a:b] for v in x] if isinstance(x, list) else x[a:b]


def _tensors(x):
    return [_t(v) for v in x] if isinstance(x, list) else _t(x)


class Model(Layer):
    def __new__(cls, *args, **kwargs):
        if cls is Model and (args or "inputs" in kwargs or "outputs" in kwargs):
            return object.__new__(Functional)
        return object.__new__(cls)

    def __init__(self, *args, **kwargs):
        if args or "inputs" in kwargs or "outputs" in kwargs:
            raise _unsupported("a Model subclass built with inputs/outputs (the functional API on a subclass)")
        super().__init__(**kwargs)
        self.optimizer = None
        self.loss = self._loss_obj = None
        self.stop_training = False
        self._loss_tracker = None
        self.compiled = False

    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        if metrics is not None and not isinstance(metrics, (list, tuple)):
            metrics = [metrics]
        if isinstance(metrics, dict):
            raise _unsupported("compile(metrics={...})")
        if loss_weights is not None or weighted_metrics:
            raise _unsupported("compile(loss_weights=/weighted_metrics=)")
        self.optimizer = _optimizer(optimizer)
        self.loss = loss   # as given; Keras 3 keeps the resolved loss apart
        self._loss_obj = get_loss(loss) if loss is not None else None
        self._loss_tracker = Mean(name="loss")
        self._metric_specs = list(metrics or [])
        self._compile_metrics = None   # built on the first batch, from its shapes
        self.compiled = True

    @property
    def metrics_names(self):
        if not self.compiled:
            return []
        return ["loss"] + (["compile_metrics"] if self._metric_specs else [])

    def _update_metrics(self, y, y_pred):
        if not self._metric_specs:
            return
        y = _t(y)
        if self._compile_metrics is None:
            self._compile_metrics = [_compile_metric(m, y, y_pred) for m in self._metric_specs]
        for m in self._compile_metrics:
            m.update_state(y, y_pred)

    def _logs(self):
        logs = {"loss": float(self._loss_tracker.result())}
        for m in self._compile_metrics or []:
            logs[m.name] = float(m.result())
        return logs

    def _reset_metrics(self):
        self._loss_tracker.reset_state()
        for m in self._compile_metrics or []:
            m.reset_state()

    def _batches(self, x, y, batch_size):
        if isinstance(x, data.Dataset):
            # a batched dataset of (x, y) pairs (or of x alone, for predict)
            if y is not None:
                raise ValueError("`y` argument is not supported when using dataset as input.")
            out = []
            for e in x:
                bx, by = (e[0], e[1]) if isinstance(e, (tuple, list)) else (e, None)
                out.append((self._data(bx), _array(by)))
            return out
        x, y = self._data(x), _array(y)
        n = _rows(x)
        bs = batch_size or 32
        return [(_slice(x, i, i + bs), None if y is None else y[i:i + bs]) for i in range(0, n, bs)]

    def _multi_input(self):
        return isinstance(self, Functional) and len(nest.flatten(self._inputs)) > 1

    def _data(self, x):
        """The inputs as arrays: a list of arrays for a multi-input functional model."""
        if self._multi_input() and isinstance(x, (list, tuple)):
            return [_array(a) for a in x]
        return _array(x)

    def _check(self, verbose):
        if type(self).train_step is not Model.train_step or type(self).test_step is not Model.test_step:
            raise _unsupported("a Model subclass overriding train_step/test_step")
        if not self.compiled:
            raise RuntimeError("You must call `compile()` before using the model.")

    def _compute_loss(self, y, y_pred):
        # Keras 3: the compiled loss plus every add_loss() / regularization loss, summed together
        losses = [self._loss_obj(y, y_pred)] if self._loss_obj is not None else []
        for extra in self.losses:
            extra = _t(extra)
            if not extra.dtype.is_floating:
                extra = array_ops.cast(extra, core.float32)
            losses.append(math_ops.reduce_sum(extra))
        if not losses:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return losses[0] if len(losses) == 1 else math_ops.reduce_sum(array_ops.stack(losses))

    def train_step(self, data):
        raise _unsupported("calling Model.train_step directly")

    def test_step(self, data):
        raise _unsupported("calling Model.test_step directly")

    def _train_batch(self, x, y):
        with gradients.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self._compute_loss(y, y_pred)
        self._loss_tracker.update_state(loss, sample_weight=_rows(x))
        self._update_metrics(y, y_pred)
        tw = self.trainable_weights
        gs = tape.gradient(loss, tw)
        self.optimizer.apply_gradients(zip(gs, tw))

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, **kw):
        self._check(verbose)
        if class_weight is not None or sample_weight is not None or steps_per_epoch:
            raise _unsupported("fit(class_weight/sample_weight/steps_per_epoch)")
        callbacks = list(callbacks or [])
        for c in callbacks:
            if not isinstance(c, Callback):
                raise _unsupported("fit(callbacks=[%r]) (Callback subclasses, LambdaCallback, EarlyStopping and "
                                   "LearningRateScheduler are supported)" % (c,))
        if validation_split:
            if validation_data is not None:
                raise ValueError("`validation_split` and `validation_data` are mutually exclusive")
            y = _array(y)
            # Keras 3 holds out the last fraction of the arrays, before any shuffling
            x = self._data(x)
            cut = int(np.floor(_rows(x) * (1.0 - validation_split)))
            x, y, validation_data = _slice(x, 0, cut), y[:cut], (_slice(x, cut, None), y[cut:])
        is_ds = isinstance(x, data.Dataset)
        batches = self._batches(x, y, batch_size)
        if shuffle and len(batches) > 1 and not is_ds:   # (Keras ignores shuffle for a dataset)
            raise _unsupported("fit(shuffle=True) over several batches (Keras 3's shuffle order); pass shuffle=False")
        hist = History(self, {"verbose": 1 if verbose == "auto" else verbose, "epochs": epochs, "steps": len(batches)})
        for c in callbacks:
            c.set_model(self)
            c.set_params(hist.params)
        self.stop_training = False
        for c in callbacks:
            c.on_train_begin({})
        for epoch in range(initial_epoch, epochs):
            self._reset_metrics()
            for c in callbacks:
                c.on_epoch_begin(epoch, {})
            _fitting.append(True)
            try:
                if is_ds and epoch > initial_epoch:
                    batches = self._batches(x, y, batch_size)   # a dataset is iterated anew every epoch
                for step, (bx, by) in enumerate(batches):
                    for c in callbacks:
                        c.on_train_batch_begin(step, {})
                    self._train_batch(_tensors(bx), by)
                    if callbacks:
                        batch_logs = dict(sorted(self._logs().items()))
                        for c in callbacks:
                            c.on_train_batch_end(step, batch_logs)
            finally:
                _fitting.pop()
            # the logs come out of a tf.function in Keras, which orders a dict's keys
            logs = dict(sorted(self._logs().items()))
            if validation_data is not None:
                vx, vy = validation_data[0], validation_data[1]
                val = self.evaluate(vx, vy, batch_size=batch_size, verbose=0, return_dict=True)
                logs.update({"val_" + k: v for k, v in sorted(val.items())})
            for c in callbacks:   # before History (Keras appends it last): they may add to logs
                c.on_epoch_end(epoch, logs)
            hist.epoch.append(epoch)
            for k, v in logs.items():
                hist.history.setdefault(k, []).append(v)
            if self.stop_training:
                break
        for c in callbacks:
            c.on_train_end({})
        self.history = hist
        return hist

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 return_dict=False, **kw):
        self._check(verbose)
        if sample_weight is not None or steps is not None:
            raise _unsupported("evaluate(sample_weight=/steps=)")
        self._reset_metrics()
        _fitting.append(True)
        try:
            for bx, by in self._batches(x, y, batch_size):
                y_pred = self(_tensors(bx), training=False)
                loss = self._compute_loss(by, y_pred)
                self._loss_tracker.update_state(loss, sample_weight=_rows(bx))
                self._update_metrics(by, y_pred)
        finally:
            _fitting.pop()
        logs = self._logs()
        if return_dict:
            return dict(sorted(logs.items()))
        return logs["loss"] if len(logs) == 1 else list(logs.values())

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        outs = [self(_tensors(bx), training=False).numpy() for bx, _ in self._batches(x, None, batch_size)]
        return np.concatenate(outs, axis=0)

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        self._check(0)
        if sample_weight is not None or class_weight is not None:
            raise _unsupported("train_on_batch(sample_weight=/class_weight=)")
        self._reset_metrics()
        _fitting.append(True)
        try:
            self._train_batch(_tensors(self._data(x)), _array(y))
        finally:
            _fitting.pop()
        return self._batch_logs(return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._check(0)
        if sample_weight is not None:
            raise _unsupported("test_on_batch(sample_weight=)")
        self._reset_metrics()
        bx, by = self._data(x), _array(y)
        _fitting.append(True)
        try:
            y_pred = self(_tensors(bx), training=False)
            self._loss_tracker.update_state(self._compute_loss(by, y_pred), sample_weight=_rows(bx))
            self._update_metrics(by, y_pred)
        finally:
            _fitting.pop()
        return self._batch_logs(return_dict)

    def reset_metrics(self):
        self._reset_metrics()

    def _batch_logs(self, return_dict):
        logs = self._logs()
        if return_dict:
            return dict(sorted(logs.items()))
        return logs["loss"] if len(logs) == 1 else list(logs.values())

    def predict_on_batch(self, x):
        return self(_tensors(self._data(x)), training=False).numpy()

    def summary(self, *a, **k):
        raise _unsupported("Model.summary() (its table layout)")

    def save(self, *a, **k):
        raise _unsupported("Model.save()")

    def save_weights(self, *a, **k):
        raise _unsupported("Model.save_weights()")

    def load_weights(self, *a, **k):
        raise _unsupported("Model.load_weights()")

    def get_layer(self, name=None, index=None):
        if index is not None:
            return self.layers[index]
        for l in self.layers:
            if l.name == name:
                return l
        raise ValueError("No such layer: %s. Existing layers are: %s." % (name, [l.name for l in self.layers]))


_fitting = []


class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        Model.__init__(self, trainable=trainable, name=name or _auto_name("sequential"))
        self._input_shape = None
        for l in layers or []:
            self.add(l)

    def add(self, layer):
        if isinstance(layer, KerasTensor):
            self._input_shape = layer.shape
        elif isinstance(layer, InputLayer):
            self._input_shape = layer.output.shape
        else:
            if not isinstance(layer, Layer):
                raise ValueError("Only instances of `keras.Layer` can be added to a Sequential model. Received: %r"
                                 % (layer,))
            if not self._layers and layer._input_shape_arg is not None:
                self._input_shape = (None,) + layer._input_shape_arg
            self._layers.append(layer)
        if self._input_shape is not None and self._layers:
            self.built = False
            self.build(self._input_shape)

    def pop(self):
        layer = self._layers.pop()
        return layer

    def _maybe_build(self, x):
        self.built = True   # its layers build on the first call (see call)
        self._building = _scope == [self.name]

    def build(self, input_shape=None):
        # Keras 3 builds the layers on a symbolic input; a zero batch creates the same weights
        x = array_ops.zeros([1 if d is None else d for d in input_shape], core.float32)
        top = _scope == [self.name]
        if top:
            _full_paths.append(True)
        try:
            with core.force_eager():
                for l in self._layers:
                    x = l(x)
        finally:
            if top:
                _full_paths.pop()

    def call(self, inputs, training=None):
        building, self._building = getattr(self, "_building", False), False
        if building:
            _full_paths.append(True)
        try:
            x = inputs
            for l in self._layers:
                x = l(x, training=training) if l._accepts_training() else l(x)
            return x
        finally:
            if building:
                _full_paths.pop()

    def __repr__(self):
        return "<Sequential name=%s, built=%s>" % (self.name, self.built)


class Functional(Model):
    """tf.keras.Model(inputs, outputs): a graph of layer calls on KerasTensors (layers
    only: TensorFlow ops on KerasTensors are not supported, as in Keras 3)."""

    def __init__(self, inputs, outputs, name=None, trainable=True, **kwargs):
        Model.__init__(self, name=name or _auto_name("functional"), trainable=trainable)
        self._inputs, self._outputs = inputs, outputs
        order, depth = [], {}

        def visit(kt, d):
            # Keras orders a functional model's layers by depth from the outputs (deepest,
            # the inputs, first), then by discovery (post-order)
            if not isinstance(kt, KerasTensor):
                return
            layer = getattr(kt, "_input_layer", None) if kt._node is None else kt._node[0]
            if kt._node is not None:
                for a in nest.flatten(kt._node[1][0]):
                    visit(a, d + 1)
            if layer is not None:
                if not any(layer is l for l in order):
                    order.append(layer)
                depth[id(layer)] = max(depth.get(id(layer), 0), d)
        for kt in nest.flatten(outputs):
            visit(kt, 0)
        index = {id(l): i for i, l in enumerate(order)}
        self._layers.extend(sorted(order, key=lambda l: (-depth[id(l)], index[id(l)])))
        self.built = True

    @property
    def layers(self):
        return list(self._layers)

    def call(self, inputs, training=None):
        flat_in = nest.flatten(self._inputs)
        given = nest.flatten(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
        if len(given) != len(flat_in):
            raise ValueError("Functional model %s expects %d inputs, got %d" % (self.name, len(flat_in), len(given)))
        memo = {id(k): v for k, v in zip(flat_in, given)}

        def value(kt):
            if not isinstance(kt, KerasTensor):
                return kt
            if id(kt) not in memo:
                if kt._node is None:
                    raise ValueError("Graph disconnected: cannot obtain value for %r" % (kt,))
                layer, args, kwargs = kt._node
                first = nest.map_structure(value, args[0])
                kw = dict(kwargs)
                if layer._accepts_training() and "training" not in kw:
                    kw["training"] = training
                memo[id(kt)] = layer(first, *args[1:], **kw)
            return memo[id(kt)]
        return nest.map_structure(value, self._outputs)

    def __repr__(self):
        return "<Functional name=%s, built=True>" % self.name


def clear_session(free_memory=True):
    """tf.keras.backend.clear_session: Keras forgets the names it gave (the next Dense is "dense")."""
    _uids.clear()


def floatx():
    return "float32"


def epsilon():
    return _EPSILON


def to_categorical(x, num_classes=None):
    """tf.keras.utils.to_categorical on arrays: float64 one-hot rows (a trailing 1 dimension dropped)."""
    if isinstance(x, core.Tensor):
        x = x.numpy()
    x = np.array(x, dtype="int64")
    shape = x.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = tuple(shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = np.max(x) + 1
    out = np.zeros((x.shape[0], num_classes))
    out[np.arange(x.shape[0]), x] = 1
    return np.reshape(out, shape + (num_classes,))

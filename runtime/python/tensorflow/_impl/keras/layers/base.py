"""The Keras Layer: weights (add_weight, variables in the Keras name scope), tracking of
layers assigned as attributes, losses, `training` passed down from an outer call, and
build on first call; the functional API's KerasTensor, Input and InputLayer (a layer
called on KerasTensors is built on a zero batch and records the call)."""
import inspect
import itertools

import numpy as np

from ... import array_ops, checkpoint, core, nest, variables
from .. import backend, naming, regularizers
from ...core import convert_to_tensor as _t


def _as_input(x):
    """Keras 3 converts array arguments to tensors and floats to float32 (the layer's
    compute dtype)."""
    if isinstance(x, backend.KerasVariable):
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
        self._name = name or naming.auto_name(type(self).__name__)
        if dtype is not None and (getattr(dtype, "name", dtype) not in ("float32", "mixed_float32")):
            raise backend.unsupported("a layer dtype other than float32 (%s)" % (getattr(dtype, "name", dtype),))
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
            raise ValueError("Unrecognized keyword arguments passed to %s: %s" % (type(self).__name__, kwargs))

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "build" in cls.__dict__:
            orig = cls.__dict__["build"]

            def build(self, *a, _orig=orig, **k):
                pushed = not backend.scope or backend.scope[-1] != self.name
                if pushed:
                    backend.scope.append(self.name)
                    backend.scope_kind.append("build")
                try:
                    out = _orig(self, *a, **k)
                finally:
                    if pushed:
                        backend.scope.pop()
                        backend.scope_kind.pop()
                self.built = True
                checkpoint.on_new_dependencies()   # a checkpoint read may wait for these weights
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
        checkpoint.on_new_dependencies()

    # tf.train.Checkpoint: the attribute names Keras 3 gives (Dense keeps its kernel in `_kernel`)
    _checkpoint_renames = {}

    def _checkpoint_children(self):
        """Keras 3's trackable children: sub-layers, weights and other trackables held in
        attributes (not lists of them, which Keras 3 tracks apart from TensorFlow)."""
        weights = {id(w) for w in self._trainable_variables + self._non_trainable_variables}
        out = []
        for k, v in vars(self).items():
            if isinstance(v, backend.KerasVariable):
                keep = id(v) in weights
            else:
                keep = v is not self and (isinstance(v, variables.Variable) or hasattr(v, "_checkpoint_children")) \
                    and not isinstance(v, (list, tuple, dict))
            if keep:
                out.append((self._checkpoint_renames.get(k, k), v))
        return out

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
            raise backend.unsupported("add_weight(constraint=)")
        dtype = core.as_dtype(dtype or core.float32)
        if initializer is None:
            initializer = "glorot_uniform" if dtype.is_floating else "zeros"
        pushed = not backend.scope or backend.scope[-1] != self.name
        if pushed:
            backend.scope.append(self.name)
            backend.scope_kind.append("build")
        try:
            v = backend.KerasVariable(initializer, shape if shape is not None else (), dtype, trainable, name)
        finally:
            if pushed:
                backend.scope.pop()
                backend.scope_kind.pop()
        v.regularizer = regularizers.get_regularizer(regularizer)
        (self._trainable_variables if trainable else self._non_trainable_variables).append(v)
        return v

    # losses: add_loss() during call (cleared when an outermost call starts) and the
    # penalties of weight regularizers, computed when read
    def add_loss(self, loss):
        for x in nest.flatten(loss):
            if not isinstance(x, (core.Tensor, variables.Variable, backend.KerasVariable)):
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
                                                                   backend.KerasVariable)) for a in nest.flatten(first)):
            first = nest.map_structure(_as_input, first)
        else:
            first = _as_input(first)
        args = (first,) + tuple(args[1:])
        training = kwargs.get("training")
        if "training" in kwargs and not self._accepts_training():
            kwargs.pop("training")
        elif "training" not in kwargs and self._accepts_training() and backend.call_training and backend.call_training[-1] is not None:
            kwargs["training"] = backend.call_training[-1]
        if training is None and backend.call_training:
            training = backend.call_training[-1]
        if not backend.call_training:
            self._clear_losses()   # an outermost call starts a new collection of add_loss() losses
        backend.scope.append(self.name)
        backend.scope_kind.append("call")
        backend.call_training.append(training)
        try:
            if not self.built:
                self._maybe_build(args[0])
                checkpoint.on_new_dependencies()
            return self.call(*args, **kwargs)
        finally:
            backend.call_training.pop()
            backend.scope.pop()
            backend.scope_kind.pop()

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

    def _own_then_sublayers(self, own, attr):
        """`own`, then each sub-layer's `attr` list, every object once (first place kept)."""
        out, seen = [], set()
        for w in itertools.chain(own, *(getattr(l, attr) for l in self._layers)):
            if id(w) not in seen:
                seen.add(id(w))
                out.append(w)
        return out

    @property
    def weights(self):
        return self._own_then_sublayers(self._trainable_variables + self._non_trainable_variables, "weights")

    @property
    def trainable_weights(self):
        return [w for w in self.weights if w.trainable] if self.trainable else []

    @property
    def non_trainable_weights(self):
        return [w for w in self.weights if not w.trainable] if self.trainable else self.weights

    @property
    def variables(self):
        """The weights plus other state (a Dropout's seed generator state)."""
        own = self._trainable_variables + self._non_trainable_variables + self._state_variables()
        return self._own_then_sublayers(own, "variables")

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


class KerasTensor:
    """A symbolic input or layer output of the functional API (tf.keras.Input(...),
    layer(keras_tensor)): its shape has None for the batch dimension; calling a Functional
    model replays the recorded layer calls on real tensors."""

    def __init__(self, shape, dtype=None, name=None, node=None):
        self.shape = tuple(shape)
        self.dtype = core.as_dtype(dtype or core.float32)
        self.name = name or naming.auto_name("keras_tensor")
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
        super().__init__(name=name or naming.auto_name("input_layer"))
        shape = tuple(batch_shape) if batch_shape is not None else (batch_size,) + tuple(shape or ())
        self.output = KerasTensor(shape, dtype, name)
        self.output._input_layer = self
        self.built = True


def Input(shape=None, batch_size=None, dtype=None, name=None, batch_shape=None, **kw):
    return InputLayer(shape, batch_size, dtype, name, batch_shape).output


def _symbolic_call(layer, args, kwargs):
    """A layer called on KerasTensors: builds it on a zero batch of the input shape (the
    weights Keras 3 creates there; the names compose fully, as in Keras's symbolic trace)
    and records the call. KerasTensors may also come in keyword arguments (an RNN's
    initial_state); a layer with several outputs (an RNN's return_state) gives the same
    structure of KerasTensors, each its position in the flattened outputs of the one call."""
    def zeros(kt):
        return array_ops.zeros([1 if d is None else d for d in kt.shape], kt.dtype)

    def concrete(x):
        return nest.map_structure(lambda a: zeros(a) if isinstance(a, KerasTensor) else a, x)
    backend.full_paths.append(True)
    try:
        with core.force_eager():
            out = layer(concrete(args[0]), *args[1:], **{k: concrete(v) for k, v in kwargs.items()})
    finally:
        backend.full_paths.pop()
    node = (layer, args, kwargs)
    if not nest.is_nested(out):
        return KerasTensor((None,) + tuple(out.shape.as_list()[1:]), out.dtype, node=node)
    flat = [KerasTensor((None,) + tuple(t.shape.as_list()[1:]), t.dtype, node=node) for t in nest.flatten(out)]
    for i, kt in enumerate(flat):
        kt._node_index = i
    return nest.pack_sequence_as(out, flat)

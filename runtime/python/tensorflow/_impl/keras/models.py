"""Model (subclassing, compile / fit / evaluate / predict / train_on_batch / test_on_batch),
Sequential, and Functional (tf.keras.Model(inputs, outputs))."""
import numpy as np

from .. import array_ops, checkpoint, core, data, gradients, math_ops, nest
from . import (backend, callbacks as callbacks_module, losses as losses_module, metrics as metrics_module,
               naming, optimizers)
from .layers import base
from ..core import convert_to_tensor as _t


def _optimizer(spec):
    if isinstance(spec, str):
        key = spec.lower()
        if key == "sgd":
            return optimizers.SGD()
        if key == "adam":
            return optimizers.Adam()
        if key == "rmsprop":
            return optimizers.RMSprop()
        if key == "adagrad":
            return optimizers.Adagrad()
        raise backend.unsupported("optimizer %r" % spec)
    if isinstance(spec, optimizers.KerasOptimizer):
        return spec
    raise backend.unsupported("compile(optimizer=%r)" % (spec,))


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


class Model(base.Layer):
    def __new__(cls, *args, **kwargs):
        if cls is Model and (args or "inputs" in kwargs or "outputs" in kwargs):
            return object.__new__(Functional)
        return object.__new__(cls)

    def __init__(self, *args, **kwargs):
        if args or "inputs" in kwargs or "outputs" in kwargs:
            raise backend.unsupported("a Model subclass built with inputs/outputs (the functional API on a subclass)")
        super().__init__(**kwargs)
        self.optimizer = None
        self.loss = self._loss_obj = None
        self.stop_training = False
        self._loss_tracker = None
        self.compiled = False

    def _checkpoint_defers_unsupported(self):
        """A subclassed Model not built yet: TF 2.21 with Keras 3 leaves (some of) the weights
        its first call creates without the checkpoint's values (which ones depends on Keras
        internals), so the bundled runtime refuses to restore them there."""
        return not self.built and type(self) is not Sequential and type(self) is not Functional

    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        if metrics is not None and not isinstance(metrics, (list, tuple)):
            metrics = [metrics]
        if isinstance(metrics, dict):
            raise backend.unsupported("compile(metrics={...})")
        if loss_weights is not None or weighted_metrics:
            raise backend.unsupported("compile(loss_weights=/weighted_metrics=)")
        self.optimizer = _optimizer(optimizer)
        self.loss = loss   # as given; Keras 3 keeps the resolved loss apart
        self._loss_obj = losses_module.get_loss(loss) if loss is not None else None
        self._loss_tracker = metrics_module.Mean(name="loss")
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
            self._compile_metrics = [metrics_module.compile_metric(m, y, y_pred) for m in self._metric_specs]
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
            raise backend.unsupported("a Model subclass overriding train_step/test_step")
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
        raise backend.unsupported("calling Model.train_step directly")

    def test_step(self, data):
        raise backend.unsupported("calling Model.test_step directly")

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
            raise backend.unsupported("fit(class_weight/sample_weight/steps_per_epoch)")
        callbacks = list(callbacks or [])
        for c in callbacks:
            if not isinstance(c, callbacks_module.Callback):
                raise backend.unsupported("fit(callbacks=[%r]) (Callback subclasses, LambdaCallback, EarlyStopping and "
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
            raise backend.unsupported("fit(shuffle=True) over several batches (Keras 3's shuffle order); pass shuffle=False")
        hist = callbacks_module.History(self, {"verbose": 1 if verbose == "auto" else verbose, "epochs": epochs, "steps": len(batches)})
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
            backend.fitting.append(True)
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
                backend.fitting.pop()
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
            raise backend.unsupported("evaluate(sample_weight=/steps=)")
        self._reset_metrics()
        backend.fitting.append(True)
        try:
            for bx, by in self._batches(x, y, batch_size):
                y_pred = self(_tensors(bx), training=False)
                loss = self._compute_loss(by, y_pred)
                self._loss_tracker.update_state(loss, sample_weight=_rows(bx))
                self._update_metrics(by, y_pred)
        finally:
            backend.fitting.pop()
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
            raise backend.unsupported("train_on_batch(sample_weight=/class_weight=)")
        self._reset_metrics()
        backend.fitting.append(True)
        try:
            self._train_batch(_tensors(self._data(x)), _array(y))
        finally:
            backend.fitting.pop()
        return self._batch_logs(return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._check(0)
        if sample_weight is not None:
            raise backend.unsupported("test_on_batch(sample_weight=)")
        self._reset_metrics()
        bx, by = self._data(x), _array(y)
        backend.fitting.append(True)
        try:
            y_pred = self(_tensors(bx), training=False)
            self._loss_tracker.update_state(self._compute_loss(by, y_pred), sample_weight=_rows(bx))
            self._update_metrics(by, y_pred)
        finally:
            backend.fitting.pop()
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
        raise backend.unsupported("Model.summary() (its table layout)")

    def save(self, *a, **k):
        raise backend.unsupported("Model.save()")

    def save_weights(self, *a, **k):
        raise backend.unsupported("Model.save_weights()")

    def load_weights(self, *a, **k):
        raise backend.unsupported("Model.load_weights()")

    def get_layer(self, name=None, index=None):
        if index is not None:
            return self.layers[index]
        for l in self.layers:
            if l.name == name:
                return l
        raise ValueError("No such layer: %s. Existing layers are: %s." % (name, [l.name for l in self.layers]))


class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        Model.__init__(self, trainable=trainable, name=name or naming.auto_name("sequential"))
        self._input_shape = None
        for l in layers or []:
            self.add(l)

    def add(self, layer):
        if isinstance(layer, base.KerasTensor):
            self._input_shape = layer.shape
        elif isinstance(layer, base.InputLayer):
            self._input_shape = layer.output.shape
        else:
            if not isinstance(layer, base.Layer):
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
        self._building = backend.scope == [self.name]

    def build(self, input_shape=None):
        # Keras 3 builds the layers on a symbolic input; a zero batch creates the same weights
        x = array_ops.zeros([1 if d is None else d for d in input_shape], core.float32)
        top = backend.scope == [self.name]
        if top:
            backend.full_paths.append(True)
        try:
            with core.force_eager():
                for l in self._layers:
                    x = l(x)
        finally:
            if top:
                backend.full_paths.pop()

    def call(self, inputs, training=None):
        building, self._building = getattr(self, "_building", False), False
        if building:
            backend.full_paths.append(True)
        try:
            x = inputs
            for l in self._layers:
                x = l(x, training=training) if l._accepts_training() else l(x)
            return x
        finally:
            if building:
                backend.full_paths.pop()

    def __repr__(self):
        return "<Sequential name=%s, built=%s>" % (self.name, self.built)

    def _checkpoint_children(self):
        # Keras 3 tracks a built Sequential's layers through the functional model it makes
        # (operation 0 its input layer); an unbuilt one has no children
        kids = []
        if self.built:
            ops = checkpoint.Node(self, lambda m: [(str(i + 1), l) for i, l in enumerate(m._layers)])
            kids.append(("_functional", checkpoint.Node(ops, lambda o: [("_operations", o)])))
        if self.optimizer is not None:
            kids.append(("optimizer", self.optimizer))
        return kids


class Functional(Model):
    """tf.keras.Model(inputs, outputs): a graph of layer calls on KerasTensors (layers
    only: TensorFlow ops on KerasTensors are not supported, as in Keras 3)."""

    def __init__(self, inputs, outputs, name=None, trainable=True, **kwargs):
        Model.__init__(self, name=name or naming.auto_name("functional"), trainable=trainable)
        self._inputs, self._outputs = inputs, outputs
        order, depth = [], {}

        def visit(kt, d):
            # Keras orders a functional model's layers by depth from the outputs (deepest,
            # the inputs, first), then by discovery (post-order)
            if not isinstance(kt, base.KerasTensor):
                return
            layer = getattr(kt, "_input_layer", None) if kt._node is None else kt._node[0]
            if kt._node is not None:
                for a in nest.flatten(kt._node[1][0]) + nest.flatten(list(kt._node[2].values())):
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
        calls = {}   # id(node) -> the outputs of that layer call (one call for all its outputs)

        def value(kt):
            if not isinstance(kt, base.KerasTensor):
                return kt
            if id(kt) not in memo:
                if kt._node is None:
                    raise ValueError("Graph disconnected: cannot obtain value for %r" % (kt,))
                layer, args, kwargs = kt._node
                if id(kt._node) not in calls:
                    first = nest.map_structure(value, args[0])
                    kw = {k: nest.map_structure(value, v) for k, v in kwargs.items()}
                    if layer._accepts_training() and "training" not in kw:
                        kw["training"] = training
                    calls[id(kt._node)] = layer(first, *args[1:], **kw)
                out = calls[id(kt._node)]
                index = getattr(kt, "_node_index", None)
                memo[id(kt)] = out if index is None else nest.flatten(out)[index]
            return memo[id(kt)]
        return nest.map_structure(value, self._outputs)

    def __repr__(self):
        return "<Functional name=%s, built=True>" % self.name

    def _checkpoint_children(self):
        kids = [("_operations", checkpoint.Node(self, lambda m: [(str(i), l) for i, l in enumerate(m._layers)]))]
        if self.optimizer is not None:
            kids.append(("optimizer", self.optimizer))
        return kids

"""tf.keras.metrics (Keras 3): Metric, Mean, MeanMetricWrapper and the accuracy / error
metrics; compile-time metrics named as TF's graph scopes name them ("acc/total",
"acc_1/count")."""
import numpy as np

from .. import array_ops, core, math_ops
from . import backend, losses, naming
from ..core import convert_to_tensor as _t


class Metric:
    def __init__(self, name=None, dtype=None):
        self.name = name or naming.auto_name(type(self).__name__)
        self._variables = []

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        name = name or naming.auto_name("variable")
        v = backend.KerasVariable(initializer, shape, dtype or core.float32, False, name, path=self.name + "/" + name)
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
            values, sw = losses.squeeze_or_expand(values, sw)
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
    y_true, y_pred = losses.squeeze_or_expand(y_true, y_pred)
    pred = array_ops.cast(math_ops.greater(y_pred, _t(threshold, dtype=y_pred.dtype)), y_true.dtype)
    return array_ops.cast(math_ops.equal(y_true, pred), core.float32)


def accuracy(y_true, y_pred):
    """Keras 3's: the predictions equal to the labels (in the predictions' dtype)."""
    y_pred = _t(y_pred)
    y_true = array_ops.cast(_t(y_true), y_pred.dtype)
    y_true, y_pred = losses.squeeze_or_expand(y_true, y_pred)
    return array_ops.cast(math_ops.equal(y_true, y_pred), core.float32)


def _metric_class(cls_name, fn, default_name, **defaults):
    def __init__(self, name=default_name, dtype=None, **kwargs):
        kw = dict(defaults)
        kw.update(kwargs)
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype, **kw)
    return type(cls_name, (MeanMetricWrapper,), {"__init__": __init__})


Accuracy = _metric_class("Accuracy", accuracy, "accuracy")
SparseCategoricalAccuracy = _metric_class("SparseCategoricalAccuracy", sparse_categorical_accuracy,
                                          "sparse_categorical_accuracy")
CategoricalAccuracy = _metric_class("CategoricalAccuracy", categorical_accuracy, "categorical_accuracy")
BinaryAccuracy = _metric_class("BinaryAccuracy", binary_accuracy, "binary_accuracy", threshold=0.5)
MeanSquaredErrorMetric = _metric_class("MeanSquaredError", losses.mean_squared_error, "mean_squared_error")
MeanAbsoluteErrorMetric = _metric_class("MeanAbsoluteError", losses.mean_absolute_error, "mean_absolute_error")

_METRIC_FNS = {"mae": losses.mean_absolute_error, "mean_absolute_error": losses.mean_absolute_error, "mse": losses.mean_squared_error,
               "mean_squared_error": losses.mean_squared_error, "sparse_categorical_accuracy": sparse_categorical_accuracy,
               "categorical_accuracy": categorical_accuracy, "binary_accuracy": binary_accuracy}


def compile_metric(ident, y_true, y_pred):
    if isinstance(ident, Metric) and not isinstance(ident, Mean):
        return ident   # a Metric subclass the program wrote: update_state(y_true, y_pred)
    """Keras 3's compile-time metric: built inside fit's first trace, so TensorFlow's graph
    name scopes make its variables "NAME/total" and "NAME_1/count"."""
    if isinstance(ident, MeanMetricWrapper):
        return ident   # a metric object the program made (its variables already exist)
    if not isinstance(ident, str):
        raise backend.unsupported("compile(metrics=[%r]) (metric names and MeanMetricWrapper metrics are supported)"
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
        raise backend.unsupported("compile(metrics=[%r])" % ident)
    m = MeanMetricWrapper.__new__(MeanMetricWrapper)
    Metric.__init__(m, name=base)
    m.total = m.add_variable((), "zeros", name="total")
    m.count = backend.KerasVariable("zeros", (), core.float32, False, "count", path=base + "_1/count")
    m._variables.append(m.count)
    m._fn, m._fn_kwargs = fn, {}
    m.name = ident
    return m

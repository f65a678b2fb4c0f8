"""tf.keras.losses (Keras 3): the loss functions and their classes, reducing
"sum_over_batch_size"; crossentropies of a softmax / sigmoid output use its logits."""
from .. import array_ops, core, math_ops, nn_ops
from . import backend, naming
from ..core import convert_to_tensor as _t


def squeeze_or_expand(x1, x2):
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
    y_true, y_pred = squeeze_or_expand(y_true, y_pred)
    return math_ops.reduce_mean(math_ops.square(math_ops.subtract(y_true, y_pred)), axis=-1)


def mean_absolute_error(y_true, y_pred):
    y_true, y_pred = _pred_true(y_true, y_pred)
    y_true, y_pred = squeeze_or_expand(y_true, y_pred)
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
    return math_ops.minimum(math_ops.maximum(x, _t(backend.EPSILON, dtype=x.dtype)), _t(1.0 - backend.EPSILON, dtype=x.dtype))


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    if ignore_class is not None:
        raise backend.unsupported("sparse_categorical_crossentropy(ignore_class=)")
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
        self.name = name or naming.snake_case(type(self).__name__)
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
            values, sw = squeeze_or_expand(values, sw)
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
        y_true, y_pred = squeeze_or_expand(y_true, y_pred)
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
    raise backend.unsupported("compile(loss=%r)" % (spec,))

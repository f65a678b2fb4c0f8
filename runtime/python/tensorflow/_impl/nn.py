"""tf.nn, tf.losses, tf.layers.dense, tf.Module (tf.keras is keras.py)."""
import numpy as np

from . import core, ops, variables
from .core import convert_to_tensor as _t


def _last_axis_op(op_type, logits, axis, name):
    """Softmax / LogSoftmax over `axis` (TF 1.x also spelled it `dim`): the kernels work on
    the last axis, so another axis is swapped to the end and back, as TF does."""
    x = _t(logits)
    r = x.shape.ndims
    if axis is None or axis == -1 or (r is not None and axis == r - 1):
        return core.op1(op_type, [x], {}, name or op_type)
    if r is None:
        raise NotImplementedError("tf.nn.%s over axis %d of a tensor of unknown rank is not in the bundled runtime"
                                  % (op_type.lower(), axis))
    a = axis % r
    perm = list(range(r))
    perm[a], perm[r - 1] = perm[r - 1], perm[a]
    y = core.op1(op_type, [ops.transpose(x, perm)], {}, name or op_type)
    return ops.transpose(y, perm)


def softmax(logits, axis=None, name=None, dim=None):
    return _last_axis_op("Softmax", logits, axis if axis is not None else dim, name)


def log_softmax(logits, axis=None, name=None, dim=None):
    return _last_axis_op("LogSoftmax", logits, axis if axis is not None else dim, name)


def relu(x, name=None):
    return ops.relu(x, name=name)


def sigmoid(x, name=None):
    return ops.sigmoid(x, name=name)


def tanh(x, name=None):
    return ops.tanh(x, name=name)


def bias_add(value, bias, data_format=None, name=None):
    return ops.add(value, bias, name=name or "BiasAdd")


def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    x = _t(x)
    if rate is None:
        rate = 1.0 - keep_prob if keep_prob is not None else 0.5
    if isinstance(rate, (int, float)) and rate == 0:
        return x
    keep = 1.0 - rate
    u = ops.random_uniform(ops.shape(x), dtype=x.dtype, seed=seed)
    mask = ops.cast(ops.greater_equal(u, _t(rate, dtype=x.dtype)), x.dtype)
    return ops.multiply(ops.realdiv(x, _t(keep, dtype=x.dtype)), mask, name=name or "dropout")


def l2_loss(t, name=None):
    return ops.l2_loss(t, name=name)


def softmax_cross_entropy_with_logits_v2(labels=None, logits=None, axis=-1, name=None, dim=None):
    logits = _t(logits)
    labels = _t(labels, dtype=logits.dtype)
    return core.apply_op("SoftmaxCrossEntropyWithLogits", [logits, ops.stop_gradient(labels)], {},
                         name or "softmax_cross_entropy_with_logits")[0]


softmax_cross_entropy_with_logits = softmax_cross_entropy_with_logits_v2


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    logits = _t(logits)
    return core.apply_op("SparseSoftmaxCrossEntropyWithLogits", [logits, _t(labels)], {},
                         name or "SparseSoftmaxCrossEntropyWithLogits")[0]


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    x = _t(logits)
    z = _t(labels, dtype=x.dtype)
    # max(x, 0) - x * z + log(1 + exp(-abs(x))), with TF's selects (their gradient at x == 0)
    zeros = ops.zeros_like(x)
    cond = ops.greater_equal(x, zeros)
    relu_logits = ops.where(cond, x, zeros)
    neg_abs_logits = ops.where(cond, ops.negative(x), x)
    return ops.add(ops.subtract(relu_logits, ops.multiply(x, z)), ops.log1p(ops.exp(neg_abs_logits)),
                   name=name or "logistic_loss")


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=None, reduction=None):
    p = _t(predictions)
    l = _t(labels, dtype=p.dtype)
    return ops.reduce_mean(ops.squared_difference(p, l))


def _activation(a):
    if a is None:
        return lambda x: x
    if isinstance(a, str):
        return {"relu": ops.relu, "sigmoid": ops.sigmoid, "tanh": ops.tanh, "softmax": softmax, "linear": lambda x: x}[a]
    return a


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=None,
          name=None, reuse=None, trainable=True, **kw):
    x = _t(inputs)
    g = core.get_default_graph()
    name = name or g.unique_name("dense", mark_as_used=False).split("/")[-1]
    with variables.variable_scope(name, reuse=reuse):
        w = variables.get_variable("kernel", [x.shape.as_list()[-1], units], dtype=x.dtype,
                                   initializer=kernel_initializer, trainable=trainable)
        y = ops.matmul(x, w)
        if use_bias:
            b = variables.get_variable("bias", [units], dtype=x.dtype,
                                       initializer=bias_initializer or variables.zeros_initializer(), trainable=trainable)
            y = ops.add(y, b, name="BiasAdd")
        return _activation(activation)(y)


class Module:
    """tf.Module: name scope plus variable tracking through attributes."""

    def __init__(self, name=None):
        self._name = name or _snake(type(self).__name__)

    name = property(lambda self: self._name)

    def _flatten(self, pred, seen=None):
        seen = seen if seen is not None else set()
        out = []
        for k in sorted(vars(self)):
            v = vars(self)[k]
            out.extend(_walk(v, pred, seen))
        return out

    @property
    def variables(self):
        return tuple(self._flatten(lambda v: isinstance(v, variables.Variable)))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(lambda v: isinstance(v, variables.Variable) and v.trainable))

    @property
    def submodules(self):
        return tuple(self._flatten(lambda v: isinstance(v, Module)))

    def name_scope(self):
        import contextlib
        return contextlib.nullcontext()


def _walk(v, pred, seen):
    if id(v) in seen:
        return []
    seen.add(id(v))
    out = []
    if pred(v):
        out.append(v)
    if isinstance(v, Module):
        out.extend(v._flatten(pred, seen))
    elif isinstance(v, (list, tuple)):
        for x in v:
            out.extend(_walk(x, pred, seen))
    elif isinstance(v, dict):
        for k in sorted(v, key=str):
            out.extend(_walk(v[k], pred, seen))
    return out


def _snake(n):
    import re
    return re.sub(r"(?<!^)(?=[A-Z])", "_", n).lower()

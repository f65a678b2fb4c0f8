"""TF1 tf.losses (tf.compat.v1.losses): the losses with weights and every Reduction, the
LOSSES collection, compute_weighted_loss / get_losses / get_total_loss, composed from
primitives in TF's own order of operations."""
from . import array_ops, core, math_ops, nn_ops
from .core import convert_to_tensor as _t


class Reduction:
    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE, cls.SUM_OVER_NONZERO_WEIGHTS,
                cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError("Invalid Reduction Key %s." % key)


_LOSSES = "losses"


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=_LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    Reduction.validate(reduction)
    losses = _t(losses)
    input_dtype = losses.dtype
    losses = array_ops.cast(losses, core.float32)
    w = array_ops.cast(_t(weights), core.float32)
    weighted = math_ops.multiply(losses, w)
    if reduction == Reduction.NONE:
        loss = weighted
    else:
        loss = math_ops.reduce_sum(weighted)
        if reduction == Reduction.MEAN:
            loss = math_ops.div_no_nan(loss, math_ops.reduce_sum(math_ops.multiply(array_ops.ones_like(losses), w)))
        elif reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
            present = array_ops.where(math_ops.equal(w, _t(0.0)), array_ops.zeros_like(w), array_ops.ones_like(w))
            present = math_ops.multiply(present, array_ops.ones_like(losses))
            loss = math_ops.div_no_nan(loss, math_ops.reduce_sum(present))
        elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
            loss = math_ops.div_no_nan(loss, array_ops.cast(array_ops.size(losses), core.float32))
    loss = array_ops.cast(loss, input_dtype)
    if loss_collection and not core.executing_eagerly():
        core.get_default_graph().add_to_collection(loss_collection, loss)
    return loss


def _check_pair(labels, predictions):
    if labels is None:
        raise ValueError("Argument `labels` must not be None.")
    if predictions is None:
        raise ValueError("Argument `predictions` must not be None.")
    p = array_ops.cast(_t(predictions), core.float32)
    l = array_ops.cast(_t(labels), core.float32)
    if not p.shape.is_compatible_with(l.shape):
        raise ValueError("Shapes %s and %s are incompatible" % (p.shape, l.shape))
    return l, p


def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=_LOSSES,
                        reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    return compute_weighted_loss(math_ops.abs(math_ops.subtract(p, l)), weights, scope, loss_collection, reduction)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=_LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    abs_error = math_ops.abs(math_ops.subtract(p, l))
    d = _t(delta, dtype=core.float32)
    quadratic = math_ops.minimum(abs_error, d)
    linear = math_ops.subtract(abs_error, quadratic)
    losses = math_ops.add(math_ops.multiply(_t(0.5, dtype=core.float32), math_ops.multiply(quadratic, quadratic)),
                     math_ops.multiply(d, linear))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=_LOSSES,
             reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    eps = _t(epsilon, dtype=core.float32)
    one = _t(1.0, dtype=core.float32)
    losses = math_ops.subtract(math_ops.negative(math_ops.multiply(l, math_ops.log(math_ops.add(p, eps)))),
                          math_ops.multiply(math_ops.subtract(one, l), math_ops.log(math_ops.add(math_ops.subtract(one, p), eps))))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=_LOSSES,
                       reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    l, p = _check_pair(labels, predictions)
    return compute_weighted_loss(math_ops.squared_difference(p, l), weights, scope, loss_collection, reduction)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=_LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    if labels is None:
        raise ValueError("Argument `labels` must not be None.")
    logits = array_ops.cast(_t(logits), core.float32)
    labels = array_ops.cast(_t(labels), core.float32)
    ones = array_ops.ones_like(labels)
    labels = math_ops.subtract(math_ops.multiply(_t(2.0), labels), ones)
    losses = nn_ops.relu(math_ops.subtract(ones, math_ops.multiply(labels, logits)))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=_LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    if multi_class_labels is None:
        raise ValueError("Argument `multi_class_labels` must not be None.")
    if logits is None:
        raise ValueError("Argument `logits` must not be None.")
    logits = _t(logits)
    labels = array_ops.cast(_t(multi_class_labels), logits.dtype)
    if not logits.shape.is_compatible_with(labels.shape):
        raise ValueError("Shapes %s and %s are incompatible" % (logits.shape, labels.shape))
    if label_smoothing > 0:
        labels = math_ops.add(math_ops.multiply(labels, _t(1 - label_smoothing, dtype=labels.dtype)),
                         _t(0.5 * label_smoothing, dtype=labels.dtype))
    losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits, name="xentropy")
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def _weighted_loss(losses, weights):
    """compute_weighted_loss with SUM_BY_NONZERO_WEIGHTS: sum(losses * w) / #nonzero weights."""
    losses = _t(losses)
    w = array_ops.cast(_t(weights), losses.dtype)
    weighted = math_ops.multiply(losses, w)
    total = math_ops.reduce_sum(weighted)
    present = math_ops.reduce_sum(array_ops.cast(math_ops.not_equal(math_ops.multiply(array_ops.ones_like(losses), w), array_ops.zeros_like(losses)),
                                      losses.dtype))
    return array_ops.where(math_ops.greater(present, array_ops.zeros_like(present)), math_ops.realdiv(total, math_ops.maximum(present, array_ops.ones_like(present))),
                     array_ops.zeros_like(total))


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                               loss_collection=None, reduction=None):
    labels = array_ops.cast(_t(onehot_labels), _t(logits).dtype)
    if label_smoothing:
        n = array_ops.cast(array_ops.shape(labels)[-1], labels.dtype)
        ls = _t(label_smoothing, dtype=labels.dtype)
        labels = math_ops.add(math_ops.multiply(labels, math_ops.subtract(_t(1.0, dtype=labels.dtype), ls)), math_ops.realdiv(ls, n))
    return _weighted_loss(nn_ops.softmax_cross_entropy_with_logits_v2(labels=array_ops.stop_gradient(labels), logits=logits), weights)


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=None, reduction=None):
    return _weighted_loss(nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits), weights)


def get_losses(scope=None, loss_collection=_LOSSES):
    return core.get_default_graph().get_collection(loss_collection, scope)


def add_loss(loss, loss_collection=_LOSSES):
    if loss_collection and not core.executing_eagerly():
        core.get_default_graph().add_to_collection(loss_collection, loss)


def get_regularization_losses(scope=None):
    return core.get_default_graph().get_collection("regularization_losses", scope)


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    losses = get_losses(scope=scope)
    if add_regularization_losses:
        losses = losses + get_regularization_losses(scope=scope)
    return math_ops.add_n(losses, name=name)

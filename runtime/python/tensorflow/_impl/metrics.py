"""TF1 tf.metrics: mean and accuracy (local variables `total` / `count` and an update op)."""
import numpy as np

from . import array_ops, core, math_ops, variables


def _metric_var(name, dtype=core.float32):
    return variables.Variable(np.zeros([], dtype=dtype.as_numpy_dtype), trainable=False, name=name,
                              collections=[variables.LOCAL_VARIABLES, "metric_variables"])


def mean(values, weights=None, name=None, **kw):
    g = core.get_default_graph()
    with g.name_scope(name or "mean"):
        v = array_ops.cast(core.convert_to_tensor(values), core.float32)
        total, count = _metric_var("total"), _metric_var("count")
        n = array_ops.cast(array_ops.size(v), core.float32)
        upd_total = total.assign_add(math_ops.reduce_sum(v))
        upd_count = count.assign_add(n)
        value = math_ops.divide(total.value(), math_ops.maximum(count.value(), core.convert_to_tensor(1e-30)), name="value")
        update = math_ops.divide(upd_total, math_ops.maximum(upd_count, core.convert_to_tensor(1e-30)), name="update_op")
    return value, update


def accuracy(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    g = core.get_default_graph()
    with g.name_scope(name or "accuracy"):
        p = core.convert_to_tensor(predictions)
        l = array_ops.cast(core.convert_to_tensor(labels), p.dtype)
        correct = array_ops.cast(math_ops.equal(p, l), core.float32)
    return mean(correct, name=name or "accuracy")

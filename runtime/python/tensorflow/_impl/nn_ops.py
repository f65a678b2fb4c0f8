"""tf.nn (TensorFlow's nn_ops / nn_impl): activations, softmax, dropout, losses over logits,
normalization and moments, embedding lookup, the sampled losses (nce_loss,
sampled_softmax_loss: TF's nn_impl over the candidate samplers), top_k / in_top_k, and convolution and
pooling: conv1d / conv2d / conv2d_transpose, depthwise, separable and atrous
convolution, max / avg pooling, max_pool_with_argmax, space_to_depth / depth_to_space,
lrn (NHWC). Gradients are in nn_grad.py."""
import numbers

import numpy as np

from . import array_ops, core, linalg_ops, math_ops, random_ops
from .core import convert_to_tensor as _t, op1


# ---------------------------------------------------------------------------- activations
def relu(x, name=None):
    x = _t(x)
    return op1("Relu", [x], {"T": x.dtype}, name or "Relu")


def selu(features, name=None):
    x = _t(features)
    return op1("Selu", [x], {"T": x.dtype}, name or "Selu")


def softsign(features, name=None):
    x = _t(features)
    return op1("Softsign", [x], {"T": x.dtype}, name or "Softsign")


def relu6(features, name=None):
    x = _t(features)
    return op1("Relu6", [x], {"T": x.dtype}, name or "Relu6")


def leaky_relu(features, alpha=0.2, name=None):
    x = _t(features)
    return math_ops.maximum(math_ops.multiply(_t(alpha, dtype=x.dtype), x), x)


def elu(features, name=None):
    x = _t(features)
    return array_ops.where(math_ops.greater(x, array_ops.zeros_like(x)), x, math_ops.subtract(math_ops.exp(x), array_ops.ones_like(x)))


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
    y = core.op1(op_type, [array_ops.transpose(x, perm)], {}, name or op_type)
    return array_ops.transpose(y, perm)


def softmax(logits, axis=None, name=None, dim=None):
    return _last_axis_op("Softmax", logits, axis if axis is not None else dim, name)


def log_softmax(logits, axis=None, name=None, dim=None):
    return _last_axis_op("LogSoftmax", logits, axis if axis is not None else dim, name)


def bias_add(value, bias, data_format=None, name=None):
    """TensorFlow's BiasAdd op (its gradient is BiasAddGrad, nn_grad.py); data_format
    "N...C" is NHWC and "NC..." NCHW, as TF spells them."""
    if data_format is not None:
        if data_format.startswith("NC"):
            data_format = "NCHW"
        elif data_format.startswith("N") and data_format.endswith("C"):
            data_format = "NHWC"
        else:
            raise ValueError("data_format must be of the form `N...C` or `NC...`")
    value = _t(value)
    bias = _t(bias, dtype=value.dtype)
    return op1("BiasAdd", [value, bias], {"T": value.dtype, "data_format": data_format or "NHWC"}, name or "BiasAdd")


def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """TensorFlow's dropout, op for op under the scope "dropout": x * (1 / (1 - rate)) for a
    number rate (x / (1 - rate) for a tensor), a uniform draw of x's shape, kept where the
    draw >= rate, zero elsewhere (SelectV2: dropped values are +0, never -0)."""
    if rate is None:
        rate = 1.0 - keep_prob if keep_prob is not None else 0.5
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: random_ops.random_uniform(shape, dtype=dtype, seed=seed), name, "dropout")


def general_dropout(x, rate, uniform_sampler, noise_shape=None, name=None):
    """tf.nn.experimental.general_dropout: dropout whose uniform draw comes from
    `uniform_sampler(shape=noise_shape, dtype=x.dtype)` (a tf.random.Generator's uniform)."""
    return _dropout(x, rate, noise_shape, uniform_sampler, name, "general_dropout")


def _noise_shape(x, noise_shape):
    # TensorFlow's _get_noise_shape: tf.shape(x), or noise_shape with its unknown dimensions
    # taken from x's static shape where the ranks agree
    if noise_shape is None:
        return array_ops.shape(x)
    if isinstance(noise_shape, core.Tensor):
        return noise_shape
    try:
        dims = [None if d is None else int(d) for d in noise_shape]
    except (TypeError, ValueError):
        return noise_shape
    xd = core.static_dims(x)
    if xd is not None and len(xd) == len(dims):
        dims = [xd[i] if d is None and xd[i] is not None else d for i, d in enumerate(dims)]
    return dims


def _dropout(x, rate, noise_shape, uniform_sampler, name, default_name):
    """The dropouts' shared body (TensorFlow's nn_ops._dropout)."""
    is_number = isinstance(rate, numbers.Real)   # TensorFlow's test (numpy scalars too)
    if is_number and (rate < 0 or rate >= 1):
        raise ValueError("`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=%s" % rate)
    x = _t(x)
    if not x.dtype.is_floating:
        raise ValueError("`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype=%s"
                         % x.dtype)
    if is_number and rate == 0:
        return x
    with core.get_default_graph().name_scope(name or default_name) if not core.executing_eagerly() else _null():
        if is_number:
            ret = math_ops.multiply(x, _t(1 / (1 - rate), dtype=x.dtype))
            rate_t = _t(rate, dtype=x.dtype)
        else:
            rate_t = array_ops.cast(_t(rate), x.dtype)
            ret = math_ops.realdiv(x, math_ops.subtract(_t(1, dtype=x.dtype), rate_t))
        u = uniform_sampler(shape=_noise_shape(x, noise_shape), dtype=x.dtype)
        keep_mask = math_ops.greater_equal(u, rate_t)
        out = array_ops.where(keep_mask, ret, _t(0, dtype=x.dtype))
    if not core.executing_eagerly():
        out.set_shape(x.shape)   # TensorFlow keeps x's static shape (the mask's comes from tf.shape(x))
    return out


# ---------------------------------------------------------------------------- losses over logits
def l2_loss(t, name=None):
    x = _t(t)
    return op1("L2Loss", [x], {"T": x.dtype}, name or "L2Loss")


def softmax_cross_entropy_with_logits_v2(labels=None, logits=None, axis=-1, name=None, dim=None):
    """The kernel takes [batch, classes] logits and labels of one shape; as TensorFlow's
    helper, any other rank is flattened to that (classes the last axis, `axis` moved there
    first), so labels [1, 101, 7] against logits [101, 7] are both read as [101, 7], and the
    loss is reshaped to the logits' shape without the class axis."""
    if dim is not None:
        axis = dim
    logits = _t(logits)
    labels = _t(labels, dtype=logits.dtype)
    op_name = name or "softmax_cross_entropy_with_logits"
    rank = logits.shape.ndims
    if rank == 2 and labels.shape.ndims == 2 and axis in (-1, 1):
        return core.apply_op("SoftmaxCrossEntropyWithLogits", [logits, array_ops.stop_gradient(labels)], {},
                             op_name)[0]
    if rank is None:
        raise core.UnsupportedSymbolError("tf.nn.softmax_cross_entropy_with_logits on logits of unknown rank")
    a = axis % rank if rank else 0
    if a != rank - 1:
        perm = list(range(a)) + list(range(a + 1, rank)) + [a]
        logits, labels = array_ops.transpose(logits, perm), array_ops.transpose(labels, perm)
    input_shape = array_ops.shape(logits)
    classes = core.static_dims(logits)[-1]
    flat = [-1, classes] if classes is not None and classes >= 0 else \
        array_ops.concat([[-1], input_shape[rank - 1:]], 0)
    cost = core.apply_op("SoftmaxCrossEntropyWithLogits",
                         [array_ops.reshape(logits, flat), array_ops.stop_gradient(array_ops.reshape(labels, flat))],
                         {}, op_name)[0]
    return array_ops.reshape(cost, input_shape[:rank - 1])


softmax_cross_entropy_with_logits = softmax_cross_entropy_with_logits_v2


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """The kernel takes [batch, classes] logits; other ranks are flattened around it, as
    TensorFlow's wrapper does, after its static checks of the labels' shape."""
    logits = _t(logits)
    labels = _t(labels)
    ls, gs = labels.shape, logits.shape
    if gs.ndims == 0:
        raise ValueError("Logits cannot be scalars - received shape %s." % gs)
    if gs.ndims is not None and ls.ndims is not None:
        if ls.ndims != gs.ndims - 1:
            raise ValueError("`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape=%s of "
                             "rank %d and logits.shape=%s of rank %d" % (ls, ls.ndims, gs, gs.ndims))
        if not ls.is_compatible_with(gs[:-1]):
            raise ValueError("`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
                             "labels.shape=%s and logits.shape=%s" % (ls, gs))
    if gs.ndims is None or gs.ndims == 2:
        return core.apply_op("SparseSoftmaxCrossEntropyWithLogits", [logits, labels], {},
                             name or "SparseSoftmaxCrossEntropyWithLogits")[0]
    with _scope(name, "SparseSoftmaxCrossEntropyWithLogits"):
        classes = array_ops.shape(logits)[-1:]
        flat_logits = array_ops.reshape(logits, array_ops.concat([_t([-1]), classes], 0))
        flat_labels = array_ops.reshape(labels, [-1])
        cost = core.apply_op("SparseSoftmaxCrossEntropyWithLogits", [flat_logits, flat_labels], {},
                             "SparseSoftmaxCrossEntropyWithLogits")[0]
        out = array_ops.reshape(cost, array_ops.shape(labels))
        out.set_shape(ls)
        return out


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    x = _t(logits)
    z = _t(labels, dtype=x.dtype)
    # max(x, 0) - x * z + log(1 + exp(-abs(x))), with TF's selects (their gradient at x == 0)
    zeros = array_ops.zeros_like(x)
    cond = math_ops.greater_equal(x, zeros)
    relu_logits = array_ops.where(cond, x, zeros)
    neg_abs_logits = array_ops.where(cond, math_ops.negative(x), x)
    return math_ops.add(math_ops.subtract(relu_logits, math_ops.multiply(x, z)), math_ops.log1p(math_ops.exp(neg_abs_logits)),
                   name=name or "logistic_loss")


def weighted_cross_entropy_with_logits(labels=None, logits=None, pos_weight=None, name=None, targets=None):
    logits = _t(logits)
    labels = _t(labels if labels is not None else targets, dtype=logits.dtype)
    pw = _t(pos_weight, dtype=logits.dtype)
    one = _t(1.0, dtype=logits.dtype)
    log_weight = math_ops.add(one, math_ops.multiply(math_ops.subtract(pw, one), labels))
    return math_ops.add(math_ops.multiply(math_ops.subtract(one, labels), logits),
                   math_ops.multiply(log_weight, math_ops.add(math_ops.log1p(math_ops.exp(math_ops.negative(math_ops.abs(logits)))),
                                                    relu(math_ops.negative(logits)))))


def weighted_cross_entropy_with_logits_v2(labels, logits, pos_weight, name=None):
    return weighted_cross_entropy_with_logits(labels=labels, logits=logits, pos_weight=pos_weight, name=name)


# ---------------------------------------------------------------------------- normalization, moments
def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    axis = dim if axis is None else axis
    x = _t(x)
    square_sum = math_ops.reduce_sum(math_ops.square(x), axis=axis, keepdims=True)
    x_inv_norm = math_ops.rsqrt(math_ops.maximum(square_sum, _t(epsilon, dtype=x.dtype)))
    return math_ops.multiply(x, x_inv_norm)


def _scope(name, default):
    """The op's name scope in graph mode (TensorFlow's `with ops.name_scope(name, default)`)."""
    return core.get_default_graph().name_scope(name or default) if not core.executing_eagerly() else _null()


def moments(x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    keep = bool(keepdims if keepdims is not None else keep_dims)
    with _scope(name, "moments"):
        y = _t(x)
        mean = math_ops.reduce_mean(y, axis=axes, keepdims=True, name="mean")
        variance = math_ops.reduce_mean(math_ops.squared_difference(y, array_ops.stop_gradient(mean)), axis=axes,
                                        keepdims=True, name="variance")
        if not keep:
            mean = array_ops.squeeze(mean, axis=axes)
            variance = array_ops.squeeze(variance, axis=axes)
        return mean, variance


def sufficient_statistics(x, axes, shift=None, keep_dims=None, name=None, keepdims=None):
    """tf.nn.sufficient_statistics: (count of the reduced elements, sum of x - shift, sum of
    (x - shift)^2 over `axes`, shift). The count is a constant when the reduced dimensions
    are static, else computed from tf.shape."""
    keep = bool(keepdims if keepdims is not None else keep_dims)
    axes = sorted(set(axes))
    with _scope(name, "sufficient_statistics"):
        x = _t(x)
        dims = x.get_shape().as_list() if x.get_shape().ndims is not None else None
        if dims is not None and all(dims[a] is not None for a in axes):
            n = 1
            for a in axes:
                n *= dims[a]
            count = _t(n, dtype=x.dtype)
        else:
            sizes = array_ops.gather(array_ops.cast(array_ops.shape(x), x.dtype), axes)
            count = math_ops.reduce_prod(sizes, name="count")
        if shift is not None:
            shift = _t(shift)
            first, second = math_ops.subtract(x, shift), math_ops.squared_difference(x, shift)
        else:
            first, second = x, math_ops.square(x)
        mean_ss = math_ops.reduce_sum(first, axis=axes, keepdims=keep, name="mean_ss")
        var_ss = math_ops.reduce_sum(second, axis=axes, keepdims=keep, name="var_ss")
    return count, mean_ss, var_ss, shift


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """tf.nn.normalize_moments: mean and variance from sufficient statistics."""
    with _scope(name, "normalize"):
        divisor = math_ops.reciprocal(_t(counts), name="divisor")
        if shift is not None:
            shifted_mean = math_ops.multiply(_t(mean_ss), divisor, name="shifted_mean")
            mean = math_ops.add(shifted_mean, _t(shift), name="mean")
        else:
            shifted_mean = math_ops.multiply(_t(mean_ss), divisor, name="mean")
            mean = shifted_mean
        variance = math_ops.subtract(math_ops.multiply(_t(variance_ss), divisor), math_ops.square(shifted_mean),
                                     name="variance")
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """tf.nn.batch_normalization: x * inv + (offset - mean * inv), inv = rsqrt(var + eps) * scale."""
    with _scope(name, "batchnorm"):
        # TensorFlow's Python operators, in its order (the nodes' names: add, Rsqrt, mul, mul_1, ...)
        x, mean = _t(x), _t(mean)
        inv = math_ops.rsqrt(_t(variance) + variance_epsilon)
        if scale is not None:
            inv *= _t(scale)
        return x * inv + (_t(offset) - mean * inv if offset is not None else -mean * inv)


# ---------------------------------------------------------------------------- embeddings, top_k
def embedding_lookup(params, ids, partition_strategy="mod", name=None, validate_indices=True, max_norm=None):
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            raise core.UnsupportedSymbolError("tf.nn.embedding_lookup over several partitions")
        params = params[0]
    if max_norm is not None:
        raise core.UnsupportedSymbolError("tf.nn.embedding_lookup(max_norm=...)")
    return array_ops.gather(params, ids)


# ---------------------------------------------------------------------------- sampled losses
def _sum_rows(x):
    """TF's _sum_rows: x [n, m] times ones [m, 1], reshaped to [n] (its rounding and gradient)."""
    cols = array_ops.shape(x)[1]
    ones = array_ops.ones(array_ops.stack([cols, 1]), x.dtype)
    return array_ops.reshape(math_ops.matmul(x, ones), [-1])


def _compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                            sampled_values=None, subtract_log_q=True, remove_accidental_hits=False,
                            partition_strategy="mod", name=None, seed=None):
    """TensorFlow's nn_impl._compute_sampled_logits: logits [batch, num_true + num_sampled] of
    the true classes and the sampled ones (log-uniform, unique, unless `sampled_values` are
    given), and their labels (1 / num_true for the true classes, 0 for the sampled)."""
    if not isinstance(weights, (list, tuple)):
        weights = [weights]
    inputs = _t(inputs)
    with _scope(name, "compute_sampled_logits"):
        labels = _t(labels)
        if labels.dtype != core.int64:
            labels = array_ops.cast(labels, core.int64)
        labels_flat = array_ops.reshape(labels, [-1])
        if sampled_values is None:
            sampled_values = random_ops.log_uniform_candidate_sampler(
                true_classes=labels, num_true=num_true, num_sampled=num_sampled, unique=True,
                range_max=num_classes, seed=seed)
        # the sampler's outputs are constants to the gradient, as in TF
        sampled, true_expected_count, sampled_expected_count = (array_ops.stop_gradient(s) for s in sampled_values)
        sampled = array_ops.cast(sampled, core.int64)
        all_ids = array_ops.concat([labels_flat, sampled], 0)
        all_w = embedding_lookup(list(weights), all_ids, partition_strategy=partition_strategy)
        if all_w.dtype != inputs.dtype:
            all_w = array_ops.cast(all_w, inputs.dtype)
        n_true = array_ops.shape(labels_flat)[0]
        true_w = array_ops.slice_(all_w, [0, 0], array_ops.stack([n_true, -1]))
        sampled_w = array_ops.slice_(all_w, array_ops.stack([n_true, 0]), [-1, -1])
        sampled_logits = math_ops.matmul(inputs, sampled_w, transpose_b=True)
        all_b = embedding_lookup(biases, all_ids, partition_strategy=partition_strategy)
        if all_b.dtype != inputs.dtype:
            all_b = array_ops.cast(all_b, inputs.dtype)
        true_b = array_ops.slice_(all_b, [0], array_ops.shape(labels_flat))
        sampled_b = array_ops.slice_(all_b, array_ops.shape(labels_flat), [-1])
        dim = array_ops.shape(true_w)[1:2]
        new_true_w_shape = array_ops.concat([[-1, num_true], dim], 0)
        row_wise_dots = math_ops.multiply(array_ops.expand_dims(inputs, 1),
                                          array_ops.reshape(true_w, new_true_w_shape))
        dots_as_matrix = array_ops.reshape(row_wise_dots, array_ops.concat([[-1], dim], 0))
        true_logits = array_ops.reshape(_sum_rows(dots_as_matrix), [-1, num_true])
        true_b = array_ops.reshape(true_b, [-1, num_true])
        true_logits = math_ops.add(true_logits, true_b)
        sampled_logits = math_ops.add(sampled_logits, sampled_b)
        if remove_accidental_hits:
            acc_indices, acc_ids, acc_weights = random_ops.compute_accidental_hits(labels, sampled, num_true=num_true)
            sparse_indices = array_ops.concat([array_ops.reshape(acc_indices, [-1, 1]),
                                               array_ops.reshape(array_ops.cast(acc_ids, core.int32), [-1, 1])], 1,
                                              "sparse_indices")
            shape = array_ops.concat([array_ops.shape(labels)[:1],
                                      array_ops.expand_dims(_t(num_sampled, dtype=core.int32), 0)], 0)
            if sampled_logits.dtype != acc_weights.dtype:
                acc_weights = array_ops.cast(acc_weights, sampled_logits.dtype)
            # TF's sparse_to_dense (validate_indices=False: a repeated index keeps its last value)
            hits = array_ops.tensor_scatter_nd_update(array_ops.zeros(shape, sampled_logits.dtype), sparse_indices,
                                                      acc_weights)
            sampled_logits = math_ops.add(sampled_logits, array_ops.stop_gradient(hits))
        if subtract_log_q:
            true_logits = math_ops.subtract(true_logits, math_ops.log(true_expected_count))
            sampled_logits = math_ops.subtract(sampled_logits, math_ops.log(sampled_expected_count))
        out_logits = array_ops.concat([true_logits, sampled_logits], 1)
        out_labels = array_ops.concat([math_ops.truediv(array_ops.ones_like(true_logits), _t(num_true, dtype=true_logits.dtype)),
                                       array_ops.zeros_like(sampled_logits)], 1)
        return out_logits, out_labels


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
             remove_accidental_hits=False, partition_strategy="mod", name="nce_loss"):
    """TF1 tf.nn.nce_loss: the per-example noise-contrastive estimation loss [batch], the
    sigmoid cross entropy of the sampled logits summed per row."""
    logits, labels = _compute_sampled_logits(
        weights=weights, biases=biases, labels=labels, inputs=inputs, num_sampled=num_sampled,
        num_classes=num_classes, num_true=num_true, sampled_values=sampled_values, subtract_log_q=True,
        remove_accidental_hits=remove_accidental_hits, partition_strategy=partition_strategy, name=name)
    sampled_losses = sigmoid_cross_entropy_with_logits(labels=labels, logits=logits, name="sampled_losses")
    return _sum_rows(sampled_losses)


def nce_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                remove_accidental_hits=False, name="nce_loss"):
    """TF2 tf.nn.nce_loss (partition_strategy "div")."""
    return nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=num_true,
                    sampled_values=sampled_values, remove_accidental_hits=remove_accidental_hits,
                    partition_strategy="div", name=name)


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1, sampled_values=None,
                         remove_accidental_hits=True, partition_strategy="mod", name="sampled_softmax_loss",
                         seed=None):
    """TF1 tf.nn.sampled_softmax_loss: the per-example softmax cross entropy [batch] over the
    true and sampled classes."""
    logits, labels = _compute_sampled_logits(
        weights=weights, biases=biases, labels=labels, inputs=inputs, num_sampled=num_sampled,
        num_classes=num_classes, num_true=num_true, sampled_values=sampled_values, subtract_log_q=True,
        remove_accidental_hits=remove_accidental_hits, partition_strategy=partition_strategy, name=name, seed=seed)
    labels = array_ops.stop_gradient(labels, name="labels_stop_gradient")
    return softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits)


def sampled_softmax_loss_v2(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
                            sampled_values=None, remove_accidental_hits=True, seed=None, name="sampled_softmax_loss"):
    """TF2 tf.nn.sampled_softmax_loss (partition_strategy "div")."""
    return sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=num_true,
                                sampled_values=sampled_values, remove_accidental_hits=remove_accidental_hits,
                                partition_strategy="div", name=name, seed=seed)


TopKV2 = __import__("collections").namedtuple("TopKV2", ["values", "indices"])


def top_k(input, k=1, sorted=True, name=None):  # noqa: A002
    x = _t(input)
    vals, idx = core.apply_op("TopKV2", [x, _t(k, dtype=core.int32)], {"sorted": bool(sorted), "T": x.dtype},
                              name or "TopKV2")
    return TopKV2(vals, idx)


def in_top_k(predictions, targets, k, name=None):
    p, t = _t(predictions), array_ops.int_tensor(targets)
    return core.op1("InTopKV2", [p, t, _t(k, dtype=t.dtype)], {"T": t.dtype}, name or "InTopKV2")


def in_top_k_v2(targets, predictions, k, name=None):
    return in_top_k(predictions, targets, k, name)


# ---------------------------------------------------------------------------- convolution, pooling
def _four(v, name, default=1):
    """strides / ksize / dilations as TF takes them: an int, 1, 2 or 4 values (NHWC)."""
    if v is None:
        v = default
    if isinstance(v, int):
        return [1, v, v, 1]
    v = [int(x) for x in v]
    if len(v) == 1:
        return [1, v[0], v[0], 1]
    if len(v) == 2:
        return [1, v[0], v[1], 1]
    if len(v) == 4:
        return v
    raise ValueError("%s should be of length 1, 2 or 4. Received: %s=%s of length %d" % (name, name, v, len(v)))


def _padding(padding):
    if not isinstance(padding, str):
        raise core.UnsupportedSymbolError("explicit padding lists in tf.nn.conv2d")
    return padding.upper()


def conv2d_v2(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):  # noqa: A002
    x, f = _t(input), _t(filters)
    return core.op1("Conv2D", [x, array_ops.cast(f, x.dtype) if f.dtype != x.dtype else f],
                    {"strides": _four(strides, "strides"), "padding": _padding(padding), "data_format": data_format,
                     "dilations": _four(dilations, "dilations"), "T": x.dtype}, name or "Conv2D")


def conv2d_v1(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True, data_format="NHWC",  # noqa: A002
              dilations=(1, 1, 1, 1), name=None, filters=None):
    return conv2d_v2(input, filters if filters is not None else filter, strides, padding, data_format, dilations, name)


def _pool(op, value, ksize, strides, padding, data_format, name):
    x = _t(value)
    return core.op1(op, [x], {"ksize": _four(ksize, "ksize"), "strides": _four(strides, "strides"),
                              "padding": _padding(padding), "data_format": data_format, "T": x.dtype}, name or op)


def max_pool_v2(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    return _pool("MaxPool", input, ksize, strides, padding, data_format, name)


def max_pool_v1(value=None, ksize=None, strides=None, padding=None, data_format="NHWC", name=None, input=None):  # noqa: A002
    return _pool("MaxPool", input if value is None else value, ksize, strides, padding, data_format, name)


def avg_pool_v2(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    return _pool("AvgPool", input, ksize, strides, padding, data_format, name)


def avg_pool_v1(value=None, ksize=None, strides=None, padding=None, data_format="NHWC", name=None, input=None):  # noqa: A002
    return _pool("AvgPool", input if value is None else value, ksize, strides, padding, data_format, name)


def conv1d_v2(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):  # noqa: A002
    if data_format not in (None, "NWC"):
        raise core.UnsupportedSymbolError("tf.nn.conv1d(data_format=%r)" % data_format)
    x = _t(input)
    f = _t(filters)
    if x.shape.ndims is not None and x.shape.ndims != 3:
        raise core.UnsupportedSymbolError("tf.nn.conv1d of an input of rank %d" % x.shape.ndims)

    def one(v, what):
        if v is None:
            return 1
        if isinstance(v, int):
            return v
        v = [int(a) for a in v]
        if len(v) == 1:
            return v[0]
        if len(v) == 3:
            return v[1]
        raise ValueError("%s should be of length 1 or 3. Received: %s=%s of length %d" % (what, what, v, len(v)))
    s, d = one(stride, "stride"), one(dilations, "dilations")
    with core.get_default_graph().name_scope(name or "conv1d") if not core.executing_eagerly() else _null():
        xe = array_ops.expand_dims(x, 1)
        fe = array_ops.expand_dims(f, 0)
        y = conv2d_v2(xe, fe, [1, 1, s, 1], padding, dilations=[1, 1, d, 1], name="Conv2D")
        return array_ops.squeeze(y, [1])


def conv1d_v1(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,
              name=None, input=None, dilations=None):  # noqa: A002
    return conv1d_v2(value if input is None else input, filters, stride, padding, data_format or "NWC", dilations, name)


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *a):
        return False


def conv2d_transpose_v2(input, filters, output_shape, strides, padding="SAME", data_format="NHWC", dilations=None,  # noqa: A002
                        name=None):
    if data_format not in (None, "NHWC"):
        raise core.UnsupportedSymbolError("tf.nn.conv2d_transpose(data_format=%r)" % data_format)
    x, f = _t(input), _t(filters)
    known = None
    if isinstance(output_shape, core.Tensor):
        out = array_ops.cast(output_shape, core.int32) if output_shape.dtype != core.int32 else output_shape
        if not core.executing_eagerly() and getattr(output_shape.op, "type", None) == "Pack":
            known = []
            for v in output_shape.op.inputs:
                c = core.constant_value(v)
                known.append(int(np.asarray(c)) if c is not None and np.ndim(c) == 0 else None)
    else:
        vals = list(output_shape)
        if any(isinstance(v, core.Tensor) for v in vals):
            out = array_ops.stack([array_ops.cast(_t(v), core.int32) for v in vals])
            known = [None if isinstance(v, core.Tensor) else int(v) for v in vals]
        else:
            out = _t(np.array([int(v) for v in vals], np.int32))
    y = core.op1("Conv2DBackpropInput", [out, f, x],
                 {"strides": _four(strides, "strides"), "padding": _padding(padding),
                  "data_format": "NHWC", "dilations": _four(dilations, "dilations"), "T": x.dtype},
                 name or "conv2d_transpose")
    if known is not None and len(known) == 4 and not core.executing_eagerly():
        y.set_shape(known)  # TF evaluates the constant elements of a stacked output_shape: [None, 6, 6, 2]
    return y


def conv2d_transpose_v1(value=None, filter=None, output_shape=None, strides=None, padding="SAME",  # noqa: A002
                        data_format="NHWC", name=None, input=None, filters=None, dilations=None):
    return conv2d_transpose_v2(value if input is None else input, filter if filters is None else filters, output_shape,
                               strides, padding, data_format, dilations, name)


def depthwise_conv2d_native(input, filter, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1), name=None):  # noqa: A002
    if data_format not in (None, "NHWC"):
        raise core.UnsupportedSymbolError("depthwise_conv2d(data_format=%r)" % data_format)
    x = _t(input)
    f = _t(filter, dtype=x.dtype)
    return core.op1("DepthwiseConv2dNative", [x, f],
                    {"strides": _four(strides, "strides"), "padding": _padding(padding), "data_format": "NHWC",
                     "dilations": _four(dilations, "dilations"), "T": x.dtype}, name or "DepthwiseConv2dNative")


def _rate2(rate, dilations):
    r = dilations if dilations is not None else rate
    if r is None:
        return [1, 1]
    if isinstance(r, int):
        return [r, r]
    r = [int(v) for v in r]
    return r if len(r) == 2 else [r[0], r[0]] if len(r) == 1 else [r[1], r[2]]


def depthwise_conv2d_v2(input, filter, strides, padding, data_format=None, dilations=None, name=None):  # noqa: A002
    rh, rw = _rate2(None, dilations)
    st = _four(strides, "strides")
    if (rh > 1 or rw > 1) and (st[1] > 1 or st[2] > 1):
        raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    return depthwise_conv2d_native(input, filter, st, padding, data_format, [1, rh, rw, 1], name=name or "depthwise")


def depthwise_conv2d_v1(input, filter, strides, padding, rate=None, name=None, data_format=None, dilations=None):  # noqa: A002
    return depthwise_conv2d_v2(input, filter, strides, padding, data_format,
                               _rate2(rate, dilations), name)


def separable_conv2d_v2(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None,  # noqa: A002
                        dilations=None, name=None):
    d = depthwise_conv2d_v2(input, depthwise_filter, strides, padding, data_format, dilations, name="depthwise")
    return conv2d_v2(d, pointwise_filter, [1, 1, 1, 1], "VALID", name=name or "separable_conv2d")


def separable_conv2d_v1(input, depthwise_filter, pointwise_filter, strides, padding, rate=None, name=None,  # noqa: A002
                        data_format=None, dilations=None):
    return separable_conv2d_v2(input, depthwise_filter, pointwise_filter, strides, padding, data_format,
                               _rate2(rate, dilations), name)


def atrous_conv2d(value, filters, rate, padding, name=None):
    if int(rate) < 1:
        raise ValueError("rate {} cannot be less than one".format(rate))
    return conv2d_v2(value, filters, [1, 1, 1, 1], padding, dilations=[1, int(rate), int(rate), 1],
                               name=name or "convolution")


def _space_depth(op, input, block_size, data_format, name):  # noqa: A002
    if data_format not in (None, "NHWC"):
        raise core.UnsupportedSymbolError("tf.nn.%s(data_format=%r)" % (op, data_format))
    x = _t(input)
    return core.op1(op, [x], {"block_size": int(block_size), "data_format": "NHWC", "T": x.dtype}, name or op)


def space_to_depth(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    return _space_depth("SpaceToDepth", input, block_size, data_format, name)


def depth_to_space(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    return _space_depth("DepthToSpace", input, block_size, data_format, name)


def lrn(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):  # noqa: A002
    x = linalg_ops._float(input)
    return core.op1("LRN", [x], {"depth_radius": int(depth_radius), "bias": float(bias), "alpha": float(alpha),
                                 "beta": float(beta), "T": x.dtype}, name or "LRN")


def max_pool_with_argmax_v2(input, ksize, strides, padding, data_format="NHWC", output_dtype=core.int64,  # noqa: A002
                            include_batch_in_index=False, name=None):
    if data_format not in (None, "NHWC"):
        raise core.UnsupportedSymbolError("tf.nn.max_pool_with_argmax(data_format=%r)" % data_format)
    x = linalg_ops._float(input)
    y, a = core.apply_op("MaxPoolWithArgmax", [x],
                         {"ksize": _four(ksize, "ksize"), "strides": _four(strides, "strides"),
                          "padding": _padding(padding), "Targmax": core.as_dtype(output_dtype),
                          "include_batch_in_index": bool(include_batch_in_index), "T": x.dtype},
                         name or "MaxPoolWithArgmax")
    return y, a


def max_pool_with_argmax_v1(input, ksize, strides, padding, data_format="NHWC", Targmax=None, name=None,  # noqa: A002,N803
                            output_dtype=None, include_batch_in_index=False):
    dt = output_dtype or Targmax or core.int64
    return max_pool_with_argmax_v2(input, ksize, strides, padding, data_format, dt, include_batch_in_index, name)

"""TF APIs that TensorFlow itself builds from other ops in Python (clipping, moments,
normalization, masks, decays, variance-scaling initializers): written here from the
bundled primitives in the same order of operations, so their values match TF's and their
gradients come from the primitives'."""
import math

from . import core, nn, ops, variables
from .core import convert_to_tensor as _t


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    t = _t(t)
    return ops.minimum(ops.maximum(t, _t(clip_value_min, dtype=t.dtype)), _t(clip_value_max, dtype=t.dtype))


def clip_by_norm(t, clip_norm, axes=None, name=None):
    t = _t(t)
    l2sum = ops.reduce_sum(ops.multiply(t, t), axis=axes, keepdims=True)
    pred = ops.greater(l2sum, ops.zeros_like(l2sum))
    l2sum_safe = ops.where(pred, l2sum, ops.ones_like(l2sum))
    l2norm = ops.where(pred, ops.sqrt(l2sum_safe), l2sum)
    cn = _t(clip_norm, dtype=t.dtype)
    return ops.identity(ops.realdiv(ops.multiply(t, cn), ops.maximum(l2norm, cn)))


def global_norm(t_list, name=None):
    half_squared = [nn.l2_loss(_t(t)) for t in t_list if t is not None]
    total = ops.reduce_sum(ops.stack(half_squared))
    return ops.sqrt(ops.multiply(total, _t(2.0, dtype=total.dtype)))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    t_list = list(t_list)
    norm = global_norm(t_list) if use_norm is None else _t(use_norm)
    cn = _t(clip_norm, dtype=norm.dtype)
    one = _t(1.0, dtype=norm.dtype)
    scale = ops.multiply(cn, ops.minimum(ops.realdiv(one, norm), ops.realdiv(one, cn)))
    scale = ops.add(scale, ops.subtract(norm, norm))  # NaN for a non-finite norm, as TF
    clipped = [None if t is None else ops.identity(ops.multiply(_t(t), ops.cast(scale, _t(t).dtype))) for t in t_list]
    return clipped, norm


def leaky_relu(features, alpha=0.2, name=None):
    x = _t(features)
    return ops.maximum(ops.multiply(_t(alpha, dtype=x.dtype), x), x)


def elu(features, name=None):
    x = _t(features)
    return ops.where(ops.greater(x, ops.zeros_like(x)), x, ops.subtract(ops.exp(x), ops.ones_like(x)))


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    axis = dim if axis is None else axis
    x = _t(x)
    square_sum = ops.reduce_sum(ops.square(x), axis=axis, keepdims=True)
    x_inv_norm = ops.rsqrt(ops.maximum(square_sum, _t(epsilon, dtype=x.dtype)))
    return ops.multiply(x, x_inv_norm)


def moments(x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    keep = bool(keepdims if keepdims is not None else keep_dims)
    y = _t(x)
    mean = ops.reduce_mean(y, axis=axes, keepdims=True)
    variance = ops.reduce_mean(ops.squared_difference(y, ops.stop_gradient(mean)), axis=axes, keepdims=True)
    if not keep:
        mean = ops.squeeze(mean, axis=axes)
        variance = ops.squeeze(variance, axis=axes)
    return mean, variance


def sequence_mask(lengths, maxlen=None, dtype=core.bool_, name=None):
    lengths = _t(lengths)
    if maxlen is None:
        maxlen = ops.reduce_max(lengths)
    maxlen = ops.cast(_t(maxlen), lengths.dtype)
    row = ops.range(_t(0, dtype=lengths.dtype), maxlen, _t(1, dtype=lengths.dtype))
    mask = ops.less(row, ops.expand_dims(lengths, -1))
    dtype = core.as_dtype(dtype)
    return mask if dtype == core.bool_ else ops.cast(mask, dtype)


def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """tf.compat.v1.train.exponential_decay: a tensor in a graph; eagerly, a function
    returning the decayed rate (it reads the step each time)."""
    def decayed():
        lr = _t(learning_rate)
        dtype = lr.dtype
        p = ops.realdiv(ops.cast(_t(global_step.value() if isinstance(global_step, variables.Variable) else global_step), dtype),
                        ops.cast(_t(decay_steps), dtype))
        if staircase:
            p = ops.floor(p)
        return ops.multiply(lr, ops.pow(ops.cast(_t(decay_rate), dtype), p))
    if core.executing_eagerly():
        return decayed
    return decayed()


# ---------------------------------------------------------------------------- initializers
def _fans(shape):
    if len(shape) < 1:
        return 1.0, 1.0
    if len(shape) == 1:
        return float(shape[0]), float(shape[0])
    if len(shape) == 2:
        return float(shape[0]), float(shape[1])
    receptive = 1
    for d in shape[:-2]:
        receptive *= d
    return float(shape[-2] * receptive), float(shape[-1] * receptive)


class variance_scaling_initializer:
    """tf.compat.v1.variance_scaling_initializer (and the glorot / he / lecun forms)."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, dtype=core.float32):
        if distribution == "normal":
            distribution = "truncated_normal"
        self.scale, self.mode, self.distribution, self.seed, self.dtype = scale, mode, distribution, seed, dtype

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = core.as_dtype(dtype or self.dtype)
        shape = [int(d) for d in shape]
        fan_in, fan_out = _fans(shape)
        scale = self.scale
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "truncated_normal":
            stddev = math.sqrt(scale) / .87962566103423978
            return ops.truncated_normal(shape, 0.0, stddev, dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return ops.random_normal(shape, 0.0, math.sqrt(scale), dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return ops.random_uniform(shape, -limit, limit, dtype, seed=self.seed)


class glorot_uniform_initializer(variance_scaling_initializer):
    def __init__(self, seed=None, dtype=core.float32):
        super().__init__(1.0, "fan_avg", "uniform", seed, dtype)


class glorot_normal_initializer(variance_scaling_initializer):
    def __init__(self, seed=None, dtype=core.float32):
        super().__init__(1.0, "fan_avg", "truncated_normal", seed, dtype)


class he_normal(variance_scaling_initializer):
    def __init__(self, seed=None):
        super().__init__(2.0, "fan_in", "truncated_normal", seed)


class he_uniform(variance_scaling_initializer):
    def __init__(self, seed=None):
        super().__init__(2.0, "fan_in", "uniform", seed)


class lecun_normal(variance_scaling_initializer):
    def __init__(self, seed=None):
        super().__init__(1.0, "fan_in", "truncated_normal", seed)


class lecun_uniform(variance_scaling_initializer):
    def __init__(self, seed=None):
        super().__init__(1.0, "fan_in", "uniform", seed)


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
    return core.op1("Conv2D", [x, ops.cast(f, x.dtype) if f.dtype != x.dtype else f],
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


# ---------------------------------------------------------------------------- tf.layers (TF1)
def _pair(v):
    return [v, v] if isinstance(v, int) else [int(x) for x in v]


def conv2d_layer(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=None, kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, trainable=True, name=None, reuse=None):
    """tf.compat.v1.layers.conv2d: variables `<name>/kernel` [kh, kw, in, filters] and `<name>/bias`."""
    if data_format != "channels_last":
        raise core.UnsupportedSymbolError("tf.layers.conv2d(data_format='channels_first')")
    x = _t(inputs)
    g = core.get_default_graph()
    name = name or g.unique_name("conv2d", mark_as_used=False).split("/")[-1]
    kh, kw = _pair(kernel_size)
    with variables.variable_scope(name, reuse=reuse):
        w = variables.get_variable("kernel", [kh, kw, x.shape.as_list()[-1], filters], dtype=x.dtype,
                                   initializer=kernel_initializer, trainable=trainable)
        y = conv2d_v2(x, w, _pair(strides), padding.upper(), dilations=_pair(dilation_rate))
        if use_bias:
            b = variables.get_variable("bias", [filters], dtype=x.dtype,
                                       initializer=bias_initializer or variables.zeros_initializer(), trainable=trainable)
            y = nn.bias_add(y, b)
        return nn._activation(activation)(y)


def max_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return max_pool_v2(inputs, _pair(pool_size), _pair(strides), padding.upper(), name=name)


def average_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return avg_pool_v2(inputs, _pair(pool_size), _pair(strides), padding.upper(), name=name)


def flatten(inputs, name=None, data_format="channels_last"):
    x = _t(inputs)
    dims = x.shape.as_list()[1:]
    if all(d is not None for d in dims):
        n = 1
        for d in dims:
            n *= d
        return ops.reshape(x, [-1, n])
    return ops.reshape(x, ops.stack([ops.shape(x)[0], _t(-1)]))


def dropout_layer(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    if isinstance(training, bool) and not training:
        return ops.identity(_t(inputs))
    if isinstance(training, bool):
        return nn.dropout(inputs, rate=rate, noise_shape=noise_shape, seed=seed)
    from . import control_flow
    x = _t(inputs)
    out = control_flow.cond(training, lambda: nn.dropout(x, rate=rate, noise_shape=noise_shape, seed=seed),
                            lambda: ops.identity(x))
    out.set_shape(x.shape)  # both branches keep the input's shape
    return out


# ---------------------------------------------------------------------------- tf.losses (TF1)
def _weighted_loss(losses, weights):
    """compute_weighted_loss with SUM_BY_NONZERO_WEIGHTS: sum(losses * w) / #nonzero weights."""
    losses = _t(losses)
    w = ops.cast(_t(weights), losses.dtype)
    weighted = ops.multiply(losses, w)
    total = ops.reduce_sum(weighted)
    present = ops.reduce_sum(ops.cast(ops.not_equal(ops.multiply(ops.ones_like(losses), w), ops.zeros_like(losses)),
                                      losses.dtype))
    return ops.where(ops.greater(present, ops.zeros_like(present)), ops.realdiv(total, ops.maximum(present, ops.ones_like(present))),
                     ops.zeros_like(total))


def softmax_cross_entropy_loss(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                               loss_collection=None, reduction=None):
    labels = ops.cast(_t(onehot_labels), _t(logits).dtype)
    if label_smoothing:
        n = ops.cast(ops.shape(labels)[-1], labels.dtype)
        ls = _t(label_smoothing, dtype=labels.dtype)
        labels = ops.add(ops.multiply(labels, ops.subtract(_t(1.0, dtype=labels.dtype), ls)), ops.realdiv(ls, n))
    return _weighted_loss(nn.softmax_cross_entropy_with_logits_v2(labels=ops.stop_gradient(labels), logits=logits), weights)


def sparse_softmax_cross_entropy_loss(labels, logits, weights=1.0, scope=None, loss_collection=None, reduction=None):
    return _weighted_loss(nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits), weights)


def embedding_lookup(params, ids, partition_strategy="mod", name=None, validate_indices=True, max_norm=None):
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            raise core.UnsupportedSymbolError("tf.nn.embedding_lookup over several partitions")
        params = params[0]
    if max_norm is not None:
        raise core.UnsupportedSymbolError("tf.nn.embedding_lookup(max_norm=...)")
    return ops.gather(params, ids)


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    """tf.split as slices along `axis` (equal parts for an int, else the given sizes; one
    size may be -1)."""
    x = _t(value)
    dims = x.shape.as_list()
    axis = int(axis) + len(dims) if int(axis) < 0 else int(axis)
    total = dims[axis]
    if isinstance(num_or_size_splits, int):
        if total is None:
            raise core.UnsupportedSymbolError("tf.split along a dimension of unknown size")
        if total % num_or_size_splits:
            raise ValueError("Dimension size must be evenly divisible by %d but is %d" % (num_or_size_splits, total))
        sizes = [total // num_or_size_splits] * num_or_size_splits
    else:
        sizes = [int(s) for s in (num_or_size_splits.numpy() if hasattr(num_or_size_splits, "numpy") else num_or_size_splits)]
        if -1 in sizes:
            sizes[sizes.index(-1)] = total - (sum(sizes) + 1)
    out, start = [], 0
    for s in sizes:
        key = tuple([slice(None)] * axis + [slice(start, start + s)])
        out.append(x[key])
        start += s
    return out


# ---------------------------------------------------------------------------- python functions, map_fn
def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """tf.map_fn over the first dimension, unrolled over its static size (TF runs a
    while_loop; the values are the same)."""
    from . import nest
    flat = [_t(e) for e in nest.flatten(elems)]
    n = flat[0].shape.as_list()[0] if flat[0].shape.ndims else None
    if n is None:
        if core.executing_eagerly():
            n = int(flat[0]._numpy().shape[0])
        else:
            return _map_fn_loop(fn, elems, flat, dtype if fn_output_signature is None else fn_output_signature)
    columns = [ops.unstack(e, num=n, axis=0) for e in flat]
    results = []
    for i in range(n):
        item = nest.pack_sequence_as(elems, [c[i] for c in columns]) if not isinstance(elems, core.Tensor) else columns[0][i]
        results.append(fn(item))
    if not results:
        raise ValueError("tf.map_fn over an empty first dimension is not supported by the bundled runtime")
    flat_results = [nest.flatten(r) for r in results]
    stacked = [ops.stack([_t(fr[k]) for fr in flat_results]) for k in range(len(flat_results[0]))]
    return nest.pack_sequence_as(results[0], stacked)


def _map_fn_loop(fn, elems, flat, signature):
    """map_fn over a first dimension unknown while building the graph: a while_loop over
    tf.shape(elems)[0] (as TF builds it). Each output is accumulated flattened (a 1-D
    tensor growing by one element's values per iteration) next to the element's shape,
    and reshaped to [n] + element shape after the loop. The outputs' structure and dtypes
    are fn_output_signature (or dtype), else those of elems, as TensorFlow requires."""
    from . import control_flow, nest
    if signature is None:
        out_struct = nest.map_structure(lambda e: _t(e).dtype, elems)
    else:
        out_struct = nest.map_structure(lambda s: core.as_dtype(getattr(s, "dtype", s)), signature)
    out_dtypes = nest.flatten(out_struct)
    n = ops.shape(flat[0], out_type=core.int32)[0]
    static = {}

    def cond(i, *acc):
        return ops.less(i, n)

    def body(i, *acc):
        items = []
        for e in flat:
            it = e[i]   # StridedSlice: its gradient needs no static shape
            if e.shape.ndims is not None:
                it.set_shape(e.shape.as_list()[1:])
            items.append(it)
        item = nest.pack_sequence_as(elems, items)
        out = fn(item)
        flat_out = nest.flatten(out)
        if len(flat_out) != len(out_dtypes):
            raise ValueError("The two structures don't have the same nested structure.\n\nFirst structure: %s\n\n"
                             "More specifically: the output of fn (%s) does not match fn_output_signature (%s)"
                             % (out_struct, out, out_struct))
        vals, shapes = list(acc[:len(out_dtypes)]), []
        for k, (o, dt) in enumerate(zip(flat_out, out_dtypes)):
            o = _t(o, dtype=dt)
            if o.dtype != dt:
                raise TypeError("Tensor dtype is %s but fn returned dtype %s (map_fn output %d)" % (dt.name, o.dtype.name, k))
            static[k] = o.shape
            vals[k] = ops.concat([vals[k], ops.reshape(o, [-1])], 0)
            shapes.append(ops.shape(o, out_type=core.int32))
        return [ops.add(i, 1)] + vals + shapes

    init = ([_t(0, dtype=core.int32)] + [ops.zeros([0], dtype=dt) for dt in out_dtypes]
            + [ops.zeros([0], dtype=core.int32) for _ in out_dtypes])
    inv = ([core.TensorShape([])] + [core.TensorShape([None]) for _ in out_dtypes]
           + [core.TensorShape([None]) for _ in out_dtypes])
    res = control_flow.while_loop(cond, body, init, shape_invariants=inv, name="map")
    k = len(out_dtypes)
    outs = []
    for j in range(k):
        el = static.get(j)
        if el is not None and el.is_fully_defined():
            # the element shape is static: also right when the loop ran zero times
            shape = ops.concat([ops.reshape(n, [1]), _t(el.as_list(), dtype=core.int32)], 0)
        else:
            shape = ops.concat([ops.reshape(n, [1]), res[1 + k + j]], 0)
        r = ops.reshape(res[1 + j], shape)
        if el is not None and el.ndims is not None:
            r.set_shape([flat[0].shape.as_list()[0] if flat[0].shape.ndims else None] + el.as_list())
        outs.append(r)
    return nest.pack_sequence_as(out_struct, outs)


# ---------------------------------------------------------------------------- pad, cumsum, shuffle
def pad(tensor, paddings, mode="CONSTANT", name=None, constant_values=0):
    if str(mode).upper() != "CONSTANT":
        raise core.UnsupportedSymbolError("tf.pad(mode=%r)" % mode)
    x = _t(tensor)
    p = ops.cast(_t(paddings), core.int32)
    if isinstance(constant_values, (int, float)) and constant_values == 0:
        return core.op1("Pad", [x, p], {"T": x.dtype, "Tpaddings": core.int32}, name or "Pad")
    return core.op1("PadV2", [x, p, _t(constant_values, dtype=x.dtype)], {"T": x.dtype, "Tpaddings": core.int32},
                    name or "PadV2")


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    x = _t(x)
    return core.op1("Cumsum", [x, _t(axis, dtype=core.int32)],
                    {"exclusive": bool(exclusive), "reverse": bool(reverse), "T": x.dtype}, name or "Cumsum")


def random_shuffle(value, seed=None, name=None):
    from . import random_seed
    x = _t(value)
    s1, s2 = random_seed.get_seed(seed)
    return core.op1("RandomShuffle", [x], {"seed": s1, "seed2": s2, "T": x.dtype}, name or "RandomShuffle")


def _register_gradients():
    import numpy as np
    from . import grads

    @grads.register("Pad", "PadV2")
    def _pad_grad(op, g):
        x = op.inputs[0]
        p = np.asarray(grads._const_value(op.inputs[1])).reshape(-1, 2)
        key = []
        for before, after in p.tolist():
            key.append(slice(before, -after if after else None))
        return [g[tuple(key)], None] + ([None] if op.type == "PadV2" else [])

    @grads.register("Cumsum")
    def _cumsum_grad(op, g):
        return [cumsum(g, op.inputs[1], exclusive=op.get_attr("exclusive"), reverse=not op.get_attr("reverse")), None]

    grads._NO_GRAD.add("RandomShuffle")


_register_gradients()


# ---------------------------------------------------------------------------- masks, top_k, norm
def boolean_mask(tensor, mask, name="boolean_mask", axis=None):
    x, m = _t(tensor), _t(mask)
    axis = 0 if axis is None else int(axis)
    nm = m.shape.ndims
    if nm is None:
        raise core.UnsupportedSymbolError("tf.boolean_mask with a mask of unknown rank")
    xs = x.shape.as_list()
    rest = xs[axis + nm:]
    if all(d is not None for d in xs[:axis]) and all(d is not None for d in rest):
        flat = ops.reshape(x, xs[:axis] + [-1] + rest)
    else:
        shp = ops.shape(x)
        parts = [shp[i] for i in range(axis)] + [_t(-1)] + [shp[i] for i in range(axis + nm, len(xs))]
        flat = ops.reshape(x, ops.stack(parts))
    idx = ops.squeeze(ops.where(ops.reshape(m, [-1])), axis=[1])
    return ops.gather(flat, idx, axis=axis)


TopKV2 = __import__("collections").namedtuple("TopKV2", ["values", "indices"])


def top_k(input, k=1, sorted=True, name=None):  # noqa: A002
    x = _t(input)
    vals, idx = core.apply_op("TopKV2", [x, _t(k, dtype=core.int32)], {"sorted": bool(sorted), "T": x.dtype},
                              name or "TopKV2")
    return TopKV2(vals, idx)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None):  # noqa: A002
    x = _t(tensor)
    keep = bool(keepdims if keepdims is not None else keep_dims)
    if ord in ("euclidean", 2, 2.0, "fro") and not (isinstance(axis, (list, tuple)) and len(axis) == 2 and ord == 2):
        r = ops.sqrt(ops.reduce_sum(ops.multiply(x, x), axis=axis, keepdims=True))
    elif ord in (1, 1.0):
        r = ops.reduce_sum(ops.abs(x), axis=axis, keepdims=True)
    elif ord == float("inf"):
        r = ops.reduce_max(ops.abs(x), axis=axis, keepdims=True)
    else:
        raise core.UnsupportedSymbolError("tf.norm(ord=%r)" % (ord,))
    if keep:
        return r
    return ops.reshape(r, []) if axis is None else ops.squeeze(r, axis=axis if isinstance(axis, (list, tuple)) else [axis])


def _register_more_gradients():
    from . import grads

    @grads.register("TopKV2")
    def _top_k_grad(op, g_values, g_indices=None):
        x, _ = op.inputs
        n = x.shape.as_list()[-1]
        depth = n if n is not None else ops.shape(x)[-1]
        hot = ops.one_hot(op.outputs[1], depth, dtype=g_values.dtype)
        return [ops.reduce_sum(ops.multiply(hot, ops.expand_dims(g_values, -1)), axis=-2), None]

    grads._NO_GRAD.add("Where")


_register_more_gradients()


# ---------------------------------------------------------------------------- batch normalization
def batch_norm_apply(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """tf.nn.batch_normalization: x * inv + (offset - mean * inv), inv = rsqrt(var + eps) * scale."""
    x = _t(x)
    inv = ops.rsqrt(ops.add(_t(variance), _t(variance_epsilon, dtype=x.dtype)))
    if scale is not None:
        inv = ops.multiply(inv, _t(scale))
    shift = ops.subtract(_t(offset), ops.multiply(_t(mean), inv)) if offset is not None else ops.negative(ops.multiply(_t(mean), inv))
    return ops.add(ops.multiply(x, inv), shift)


def batch_normalization_layer(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                              beta_initializer=None, gamma_initializer=None, moving_mean_initializer=None,
                              moving_variance_initializer=None, beta_regularizer=None, gamma_regularizer=None,
                              beta_constraint=None, gamma_constraint=None, training=False, trainable=True, name=None,
                              reuse=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99, fused=None,
                              virtual_batch_size=None, adjustment=None):
    """tf.compat.v1.layers.batch_normalization (channels on `axis`): batch moments while training
    (the moving averages' updates go to the UPDATE_OPS collection; a 4-D input takes TF's fused
    path, whose moving variance uses the unbiased batch variance), moving statistics otherwise."""
    if renorm or virtual_batch_size or adjustment:
        raise core.UnsupportedSymbolError("tf.layers.batch_normalization(renorm / virtual_batch_size / adjustment)")
    from . import control_flow
    x = _t(inputs)
    g = core.get_default_graph()
    rank = x.shape.ndims
    axis = axis + rank if axis < 0 else axis
    ch = x.shape.as_list()[axis]
    name = name or g.unique_name("batch_normalization", mark_as_used=False).split("/")[-1]
    use_fused = fused is not False and rank == 4 and axis in (1, 3)
    if use_fused and epsilon < 1.001e-5:
        epsilon = 1.001e-5
    with variables.variable_scope(name, reuse=reuse):
        gamma = variables.get_variable("gamma", [ch], dtype=x.dtype, initializer=gamma_initializer or variables.ones_initializer(),
                                       trainable=trainable) if scale else None
        beta = variables.get_variable("beta", [ch], dtype=x.dtype, initializer=beta_initializer or variables.zeros_initializer(),
                                      trainable=trainable) if center else None
        mm = variables.get_variable("moving_mean", [ch], dtype=x.dtype,
                                    initializer=moving_mean_initializer or variables.zeros_initializer(), trainable=False)
        mv = variables.get_variable("moving_variance", [ch], dtype=x.dtype,
                                    initializer=moving_variance_initializer or variables.ones_initializer(), trainable=False)
        red = [d for d in range(rank) if d != axis]
        bshape = [1] * rank
        bshape[axis] = ch

        def b(t):
            return t if axis == rank - 1 else ops.reshape(t, bshape)

        def train_branch():
            mean, var = moments(x, red)
            y = batch_norm_apply(x, b(mean), b(var), None if beta is None else b(beta), None if gamma is None else b(gamma), epsilon)
            if use_fused:  # the fused kernel reports the unbiased variance: n / (n - 1)
                n = ops.cast(ops.realdiv(ops.cast(ops.size(x), core.float64), _t(float(ch), dtype=core.float64)), var.dtype)
                one = _t(1.0, dtype=var.dtype)
                var = ops.multiply(var, ops.realdiv(n, ops.maximum(ops.subtract(n, one), one)))
            return y, mean, var

        def infer_branch():
            y = batch_norm_apply(x, b(mm.value()), b(mv.value()), None if beta is None else b(beta),
                                 None if gamma is None else b(gamma), epsilon)
            return y, mm.value(), mv.value()

        if isinstance(training, bool):
            y, mean, var = train_branch() if training else infer_branch()
            decay = _t(1.0 - momentum, dtype=x.dtype) if training else None
        else:
            y, mean, var = control_flow.cond(training, train_branch, infer_branch)
            y.set_shape(x.shape)
            decay = control_flow.cond(training, lambda: _t(1.0 - momentum, dtype=x.dtype), lambda: _t(0.0, dtype=x.dtype))
        if decay is not None:
            with g.name_scope("AssignMovingAvg"):
                up_m = mm.assign_sub(ops.multiply(ops.subtract(mm.value(), mean), decay))
            with g.name_scope("AssignMovingAvg_1"):
                up_v = mv.assign_sub(ops.multiply(ops.subtract(mv.value(), var), decay))
            for u in (up_m, up_v):
                g.add_to_collection("update_ops", u.op if isinstance(u, core.Tensor) else u)
    return y


# ---------------------------------------------------------------------------- gather_nd, scatter_nd
def gather_nd(params, indices, name=None, batch_dims=0):
    if batch_dims:
        raise core.UnsupportedSymbolError("tf.gather_nd(batch_dims=...)")
    p = _t(params)
    i = _t(indices)
    return core.op1("GatherNd", [p, i], {"Tparams": p.dtype, "Tindices": i.dtype}, name or "GatherNd")


def scatter_nd(indices, updates, shape, name=None):
    i, u = _t(indices), _t(updates)
    return core.op1("ScatterNd", [i, u, ops.cast(_t(shape), i.dtype)], {"T": u.dtype, "Tindices": i.dtype},
                    name or "ScatterNd")


def _register_nd_gradients():
    from . import grads

    @grads.register("GatherNd")
    def _gather_nd_grad(op, g):
        p, i = op.inputs
        return [scatter_nd(i, g, ops.shape(p, out_type=i.dtype)), None]

    @grads.register("ScatterNd")
    def _scatter_nd_grad(op, g):
        return [None, gather_nd(g, op.inputs[0]), None]


_register_nd_gradients()


def _einsum_dims(x, axes):
    """Sizes of `x` along `axes`: ints where the static shape knows them, else scalar tensors."""
    static = x.shape.as_list() if x.shape.ndims is not None else None
    dyn = None
    out = []
    for a in axes:
        if static is not None and static[a] is not None:
            out.append(static[a])
        else:
            if dyn is None:
                dyn = ops.shape(x)
            out.append(dyn[a])
    return out


def _einsum_prod(dims):
    p = 1
    for d in dims:
        p = d * p if isinstance(d, int) and isinstance(p, int) else ops.multiply(_t(d, dtype=core.int32), _t(p, dtype=core.int32))
    return p


def _einsum_pair(x, xl, y, yl, keep):
    """Contracts x (labels xl) with y (labels yl), keeping the labels in `keep`; returns
    the result and its labels: batch labels, then x's free labels, then y's."""
    batch = [c for c in xl if c in yl and c in keep]
    contracted = [c for c in xl if c in yl and c not in keep]
    free_x = [c for c in xl if c not in yl]
    free_y = [c for c in yl if c not in xl]
    xt = ops.transpose(x, [xl.index(c) for c in batch + free_x + contracted]) if xl != batch + free_x + contracted else x
    yt = ops.transpose(y, [yl.index(c) for c in batch + contracted + free_y]) if yl != batch + contracted + free_y else y
    nb = len(batch)
    bx = _einsum_dims(xt, range(nb))
    by = _einsum_dims(yt, range(nb))
    fx = _einsum_dims(xt, range(nb, nb + len(free_x)))
    fy = _einsum_dims(yt, range(nb + len(contracted), nb + len(contracted) + len(free_y)))
    cx = _einsum_dims(xt, range(nb + len(free_x), nb + len(free_x) + len(contracted)))
    def static(dims):
        return [d if isinstance(d, int) else None for d in dims]

    def prod_static(dims):
        p = _einsum_prod(dims)
        return p if isinstance(p, int) else None

    # Reshapes to computed (partly dynamic) shapes: the static parts are set on them
    # so shape inference keeps what TF's Einsum op knows.
    x3 = ops.reshape(xt, bx + [_einsum_prod(fx), _einsum_prod(cx)])
    x3.set_shape(static(bx) + [prod_static(fx), prod_static(cx)])
    y3 = ops.reshape(yt, by + [_einsum_prod(cx), _einsum_prod(fy)])
    y3.set_shape(static(by) + [prod_static(cx), prod_static(fy)])
    z = ops.matmul(x3, y3)
    # batch sizes of the product: the broadcast of both sides'
    bz = _einsum_dims(z, range(nb))
    z = ops.reshape(z, bz + fx + fy)
    z.set_shape(static(bz) + static(fx) + static(fy))
    return z, batch + free_x + free_y


def einsum(equation, *inputs, **kwargs):
    """tf.einsum over two-operand contractions (BatchMatMulV2 after transposes and
    reshapes, as TF's Einsum kernel computes it), sums over labels used once, and
    ellipses. A label repeated inside one operand (a diagonal or trace) is not supported."""
    kwargs.pop("name", None)
    xs = [_t(x) for x in inputs]
    eq = equation.replace(" ", "")
    lhs, out = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(xs):
        raise ValueError("Expected %d inputs for equation %r, got %d" % (len(terms), equation, len(xs)))
    # Ellipses become labels of their own, aligned from the right as broadcasting does.
    ell_rank = 0
    for term, x in zip(terms, xs):
        if "..." in term:
            if x.shape.ndims is None:
                raise NotImplementedError("tf.einsum with '...' on an input of unknown rank")
            ell_rank = max(ell_rank, x.shape.ndims - (len(term) - 3))
    ell = [chr(0x100 + i) for i in range(ell_rank)]
    labels = []
    for term, x in zip(terms, xs):
        if "..." in term:
            n = x.shape.ndims - (len(term) - 3)
            term = term.replace("...", "".join(ell[ell_rank - n:]))
        labels.append(list(term))
    if out is None:
        counts = {}
        for ls in labels:
            for c in ls:
                counts[c] = counts.get(c, 0) + 1
        out_labels = ell + sorted(c for c, k in counts.items() if k == 1 and c not in ell)
    else:
        out_labels = list(out.replace("...", "".join(ell)))
    for ls in labels:
        if len(set(ls)) != len(ls):
            raise NotImplementedError("tf.einsum with a label repeated in one operand (%r): diagonals and traces "
                                      "are not in the bundled runtime" % equation)
    # Sum out the labels one operand has alone that the rest of the equation never uses.
    def reduce_alone(x, ls, others):
        axes = [i for i, c in enumerate(ls) if c not in out_labels and all(c not in o for o in others)]
        if not axes:
            return x, ls
        return ops.reduce_sum(x, axis=axes), [c for i, c in enumerate(ls) if i not in axes]
    acc, acc_l = reduce_alone(xs[0], labels[0], labels[1:])
    for k in range(1, len(xs)):
        y, yl = reduce_alone(xs[k], labels[k], [acc_l] + labels[k + 1:])
        keep = set(out_labels)
        for rest in labels[k + 1:]:
            keep.update(rest)
        acc, acc_l = _einsum_pair(acc, acc_l, y, yl, keep)
    if sorted(acc_l) != sorted(out_labels):
        # labels only the output names are not possible; labels to drop are summed
        drop = [i for i, c in enumerate(acc_l) if c not in out_labels]
        if drop:
            acc = ops.reduce_sum(acc, axis=drop)
            acc_l = [c for c in acc_l if c in out_labels]
    if acc_l != out_labels:
        acc = ops.transpose(acc, [acc_l.index(c) for c in out_labels])
    return acc

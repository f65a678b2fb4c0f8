"""TF1 tf.layers (tf.compat.v1.layers): dense, conv2d, pooling, flatten, dropout and
batch_normalization as functions over get_variable (variables `<name>/kernel`,
`<name>/bias`, ...)."""
from . import array_ops, control_flow, core, init_ops, math_ops, nn_ops, variables
from .core import convert_to_tensor as _t


def _activation(a):
    if a is None:
        return lambda x: x
    if isinstance(a, str):
        return {"relu": nn_ops.relu, "sigmoid": math_ops.sigmoid, "tanh": math_ops.tanh, "softmax": nn_ops.softmax, "linear": lambda x: x}[a]
    return a


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=None,
          name=None, reuse=None, trainable=True, **kw):
    x = _t(inputs)
    g = core.get_default_graph()
    name = name or g.unique_name("dense", mark_as_used=False).split("/")[-1]
    with variables.variable_scope(name, reuse=reuse):
        w = variables.get_variable("kernel", [x.shape.as_list()[-1], units], dtype=x.dtype,
                                   initializer=kernel_initializer, trainable=trainable)
        y = math_ops.matmul(x, w)
        if use_bias:
            b = variables.get_variable("bias", [units], dtype=x.dtype,
                                       initializer=bias_initializer or init_ops.zeros_initializer(), trainable=trainable)
            y = nn_ops.bias_add(y, b)
        return _activation(activation)(y)


def _pair(v):
    return [v, v] if isinstance(v, int) else [int(x) for x in v]


def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
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
        y = nn_ops.conv2d_v2(x, w, _pair(strides), padding.upper(), dilations=_pair(dilation_rate))
        if use_bias:
            b = variables.get_variable("bias", [filters], dtype=x.dtype,
                                       initializer=bias_initializer or init_ops.zeros_initializer(), trainable=trainable)
            y = nn_ops.bias_add(y, b)
        return _activation(activation)(y)


def max_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return nn_ops.max_pool_v2(inputs, _pair(pool_size), _pair(strides), padding.upper(), name=name)


def average_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    return nn_ops.avg_pool_v2(inputs, _pair(pool_size), _pair(strides), padding.upper(), name=name)


def flatten(inputs, name=None, data_format="channels_last"):
    x = _t(inputs)
    dims = x.shape.as_list()[1:]
    if all(d is not None for d in dims):
        n = 1
        for d in dims:
            n *= d
        return array_ops.reshape(x, [-1, n])
    return array_ops.reshape(x, array_ops.stack([array_ops.shape(x)[0], _t(-1)]))


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    if isinstance(training, bool) and not training:
        return array_ops.identity(_t(inputs))
    if isinstance(training, bool):
        return nn_ops.dropout(inputs, rate=rate, noise_shape=noise_shape, seed=seed)
    x = _t(inputs)
    out = control_flow.cond(training, lambda: nn_ops.dropout(x, rate=rate, noise_shape=noise_shape, seed=seed),
                            lambda: array_ops.identity(x))
    out.set_shape(x.shape)  # both branches keep the input's shape
    return out


def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
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
        gamma = variables.get_variable("gamma", [ch], dtype=x.dtype, initializer=gamma_initializer or init_ops.ones_initializer(),
                                       trainable=trainable) if scale else None
        beta = variables.get_variable("beta", [ch], dtype=x.dtype, initializer=beta_initializer or init_ops.zeros_initializer(),
                                      trainable=trainable) if center else None
        mm = variables.get_variable("moving_mean", [ch], dtype=x.dtype,
                                    initializer=moving_mean_initializer or init_ops.zeros_initializer(), trainable=False)
        mv = variables.get_variable("moving_variance", [ch], dtype=x.dtype,
                                    initializer=moving_variance_initializer or init_ops.ones_initializer(), trainable=False)
        red = [d for d in range(rank) if d != axis]
        bshape = [1] * rank
        bshape[axis] = ch

        def b(t):
            return t if axis == rank - 1 else array_ops.reshape(t, bshape)

        def train_branch():
            mean, var = nn_ops.moments(x, red)
            y = nn_ops.batch_normalization(x, b(mean), b(var), None if beta is None else b(beta), None if gamma is None else b(gamma), epsilon)
            if use_fused:  # the fused kernel reports the unbiased variance: n / (n - 1)
                n = array_ops.cast(math_ops.realdiv(array_ops.cast(array_ops.size(x), core.float64), _t(float(ch), dtype=core.float64)), var.dtype)
                one = _t(1.0, dtype=var.dtype)
                var = math_ops.multiply(var, math_ops.realdiv(n, math_ops.maximum(math_ops.subtract(n, one), one)))
            return y, mean, var

        def infer_branch():
            y = nn_ops.batch_normalization(x, b(mm.value()), b(mv.value()), None if beta is None else b(beta),
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
                up_m = mm.assign_sub(math_ops.multiply(math_ops.subtract(mm.value(), mean), decay))
            with g.name_scope("AssignMovingAvg_1"):
                up_v = mv.assign_sub(math_ops.multiply(math_ops.subtract(mv.value(), var), decay))
            for u in (up_m, up_v):
                g.add_to_collection("update_ops", u.op if isinstance(u, core.Tensor) else u)
    return y


# ---------------------------------------------------------------------------- tf.layers classes
class _LayerV1:
    """TF1's tf.layers classes (tf-slim builds its layers with them): a layer's variables live
    in its variable scope (its name, uniquified, or the `_scope` a library passes), made on the
    first call and reused by later ones; apply() is __call__."""
    _default_name = "layer"

    def __init__(self, trainable=True, name=None, dtype=None, _scope=None, _reuse=None, **kw):
        self.trainable = trainable
        self._name_arg = name
        self._scope = _scope
        self._reuse = _reuse
        self._built = False
        self.dtype = dtype

    @property
    def name(self):
        return self._scope.name if self._scope is not None else self._name_arg

    def apply(self, inputs, *args, **kwargs):
        return self(inputs, *args, **kwargs)

    def __call__(self, inputs, *args, **kwargs):
        x = _t(inputs)
        scope = self._scope if self._scope is not None else self._name_arg
        reuse = True if self._built else self._reuse
        with variables.variable_scope(scope, default_name=self._default_name, reuse=reuse) as vs:
            if self._scope is None:
                self._scope = vs
            out = self.call(x, *args, **kwargs)
        self._built = True
        return out

    def _weight(self, name, shape, dtype, initializer, regularizer):
        v = variables.get_variable(name, shape, dtype=dtype, initializer=initializer, trainable=self.trainable)
        if regularizer is not None and not self._built:
            with core.get_default_graph().name_scope(v.op.name + "/Regularizer/"):
                loss = regularizer(v)
            if loss is not None:
                core.get_default_graph().add_to_collection("regularization_losses", loss)
        return v


class Dense(_LayerV1):
    _default_name = "dense"

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer=None, bias_initializer=None,
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, trainable=True, name=None, **kw):
        super().__init__(trainable=trainable, name=name, **kw)
        self.units, self.activation, self.use_bias = int(units), activation, use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        self.kernel = self.bias = None

    def call(self, x):
        if x.shape.ndims != 2:
            raise core.UnsupportedSymbolError("tf.layers.Dense on inputs of rank %s" % x.shape.ndims)
        dt = self.dtype or x.dtype
        self.kernel = self._weight("kernel", [x.shape.as_list()[-1], self.units], dt, self.kernel_initializer,
                                   self.kernel_regularizer)
        y = math_ops.matmul(x, self.kernel)
        if self.use_bias:
            self.bias = self._weight("bias", [self.units], dt, self.bias_initializer or init_ops.zeros_initializer(),
                                     self.bias_regularizer)
            y = nn_ops.bias_add(y, self.bias)
        return _activation(self.activation)(y)


class Conv2D(_LayerV1):
    _default_name = "conv2d"

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer=None,
                 bias_initializer=None, kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, trainable=True, name=None, **kw):
        super().__init__(trainable=trainable, name=name, **kw)
        if data_format != "channels_last":
            raise core.UnsupportedSymbolError("tf.layers.Conv2D(data_format='channels_first')")
        self.filters, self.kernel_size, self.strides = int(filters), _pair(kernel_size), _pair(strides)
        self.padding, self.dilation_rate, self.activation = padding.upper(), _pair(dilation_rate), activation
        self.use_bias = use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        self.kernel = self.bias = None

    def call(self, x):
        if x.shape.ndims != 4:
            raise ValueError("Input 0 of layer %s is incompatible with the layer: expected ndim=4, found ndim=%s."
                             % (self.name, x.shape.ndims))
        dt = self.dtype or x.dtype
        kh, kw = self.kernel_size
        self.kernel = self._weight("kernel", [kh, kw, x.shape.as_list()[-1], self.filters], dt,
                                   self.kernel_initializer, self.kernel_regularizer)
        y = nn_ops.conv2d_v2(x, self.kernel, self.strides, self.padding, dilations=self.dilation_rate)
        if self.use_bias:
            self.bias = self._weight("bias", [self.filters], dt, self.bias_initializer or init_ops.zeros_initializer(),
                                     self.bias_regularizer)
            y = nn_ops.bias_add(y, self.bias)
        return _activation(self.activation)(y)


class _Pooling2D(_LayerV1):
    def __init__(self, pool_size, strides, padding="valid", data_format="channels_last", name=None, **kw):
        super().__init__(name=name, **kw)
        if data_format != "channels_last":
            raise core.UnsupportedSymbolError("tf.layers pooling with data_format='channels_first'")
        self.pool_size, self.strides, self.padding = _pair(pool_size), _pair(strides), padding.upper()

    def __call__(self, inputs):
        # no variables: only a name scope (a library's "scope/" is entered as it is)
        g = core.get_default_graph()
        with g.name_scope(self._name_arg or g.unique_name(self._default_name, mark_as_used=False).split("/")[-1]):
            return self._pool(_t(inputs), self.pool_size, self.strides, self.padding)


class MaxPooling2D(_Pooling2D):
    _default_name = "max_pooling2d"
    _pool = staticmethod(lambda x, k, s, p: nn_ops.max_pool_v2(x, k, s, p, name="MaxPool"))


class AveragePooling2D(_Pooling2D):
    _default_name = "average_pooling2d"
    _pool = staticmethod(lambda x, k, s, p: nn_ops.avg_pool_v2(x, k, s, p, name="AvgPool"))


class Dropout(_LayerV1):
    _default_name = "dropout"

    def __init__(self, rate=0.5, noise_shape=None, seed=None, name=None, **kw):
        super().__init__(name=name, **kw)
        self.rate, self.noise_shape, self.seed = rate, noise_shape, seed

    def call(self, x, training=False):
        return dropout(x, rate=self.rate, noise_shape=self.noise_shape, seed=self.seed, training=training)


LAYER_CLASSES_V1 = {"Dense": Dense, "Conv2D": Conv2D, "Convolution2D": Conv2D, "MaxPooling2D": MaxPooling2D,
                    "MaxPool2D": MaxPooling2D, "AveragePooling2D": AveragePooling2D,
                    "AvgPool2D": AveragePooling2D, "Dropout": Dropout}

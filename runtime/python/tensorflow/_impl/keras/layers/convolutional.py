"""Conv2D and 2-D pooling (max, average, global), channels_last."""
from ... import array_ops, math_ops, nn_ops
from .. import activations, backend
from . import base


def _tuple2(v, what):
    if isinstance(v, int):
        return (v, v)
    v = tuple(int(x) for x in v)
    if len(v) != 2:
        raise ValueError("The `%s` argument must be a tuple of 2 integers. Received: %s" % (what, v))
    return v


def _channels_last(data_format):
    if data_format not in (None, "channels_last"):
        raise backend.unsupported("data_format=%r (only channels_last)" % data_format)


class Conv2D(base.Layer):
    """Keras 3 Conv2D, channels_last: the Conv2D kernel, then the bias and the activation."""

    _checkpoint_renames = {"kernel": "_kernel"}

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1),
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(**kwargs)
        _channels_last(data_format)
        if groups != 1 or any(x is not None for x in (activity_regularizer, kernel_constraint, bias_constraint)):
            raise backend.unsupported("Conv2D groups/activity_regularizer/constraints")
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        if padding not in ("valid", "same"):
            raise ValueError("The `padding` argument must be one of 'valid', 'same'. Received: %s" % padding)
        self.filters, self.kernel_size = int(filters), _tuple2(kernel_size, "kernel_size")
        self.strides, self.padding = _tuple2(strides, "strides"), padding
        self.dilation_rate = _tuple2(dilation_rate, "dilation_rate")
        self.activation, self.use_bias = activations.get_activation(activation), use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel = self.bias = None

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=self.kernel_size + (input_shape[-1], self.filters),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      name="kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, name="bias")

    def call(self, inputs):
        y = nn_ops.conv2d_v2(inputs, self.kernel, strides=[1, *self.strides, 1], padding=self.padding.upper(),
                                dilations=[1, *self.dilation_rate, 1])
        if self.use_bias:
            y = math_ops.add(y, array_ops.reshape(self.bias, [1, 1, 1, self.filters]))
        return self.activation(y)


class _Pooling2D(base.Layer):
    _op = None

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(**kwargs)
        _channels_last(data_format)
        self.pool_size = _tuple2(pool_size, "pool_size")
        self.strides = _tuple2(strides, "strides") if strides is not None else self.pool_size
        self.padding = padding

    def call(self, inputs):
        fn = nn_ops.max_pool_v2 if self._op == "max" else nn_ops.avg_pool_v2
        return fn(inputs, [1, *self.pool_size, 1], [1, *self.strides, 1], self.padding.upper())


class MaxPooling2D(_Pooling2D):
    _op = "max"


class AveragePooling2D(_Pooling2D):
    _op = "avg"


class _GlobalPooling2D(base.Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        _channels_last(data_format)
        self.keepdims = keepdims

    def call(self, inputs):
        fn = math_ops.reduce_mean if self._op == "avg" else math_ops.reduce_max
        return fn(inputs, axis=[1, 2], keepdims=self.keepdims)


class GlobalAveragePooling2D(_GlobalPooling2D):
    _op = "avg"


class GlobalMaxPooling2D(_GlobalPooling2D):
    _op = "max"

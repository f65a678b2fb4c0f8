"""Keras 3's core, activation, reshaping and regularization layers: Dense, Embedding, Lambda,
Reshape, Flatten, Activation, ReLU, LeakyReLU, Softmax, Dropout."""
import numpy as np

from ... import array_ops, core, math_ops, nn_ops
from .. import activations, backend
from . import base
from ...core import convert_to_tensor as _t


class Dense(base.Layer):
    _checkpoint_renames = {"kernel": "_kernel"}

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(**kwargs)
        if any(x is not None for x in (activity_regularizer, kernel_constraint, bias_constraint)):
            raise backend.unsupported("Dense activity_regularizer/constraints")
        self.kernel_regularizer, self.bias_regularizer = kernel_regularizer, bias_regularizer
        self.units = int(units)
        self.activation = activations.get_activation(activation)
        self.use_bias = use_bias
        self.kernel_initializer, self.bias_initializer = kernel_initializer, bias_initializer
        self.kernel = self.bias = None

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, name="kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, name="bias")

    def call(self, inputs):
        x = inputs
        if len(x.shape) > 2:
            lead = array_ops.shape(x)[:-1]
            y = math_ops.matmul(array_ops.reshape(x, [-1, x.shape.as_list()[-1]]), self.kernel)
            y = array_ops.reshape(y, array_ops.concat([lead, [self.units]], 0))
        else:
            y = math_ops.matmul(x, self.kernel)
        if self.use_bias:
            y = math_ops.add(y, self.bias)
        return self.activation(y)


class Embedding(base.Layer):
    _checkpoint_renames = {"embeddings": "_embeddings"}

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, **kwargs):
        super().__init__(**kwargs)
        if embeddings_regularizer is not None or embeddings_constraint is not None or mask_zero:
            raise backend.unsupported("Embedding(regularizer / constraint / mask_zero)")
        self.input_dim, self.output_dim = int(input_dim), int(output_dim)
        self.embeddings_initializer = embeddings_initializer
        self.embeddings = None

    def build(self, input_shape=None):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer, name="embeddings")

    def call(self, inputs):
        if inputs.dtype not in (core.int32, core.int64):
            inputs = array_ops.cast(inputs, core.int32)
        return array_ops.gather(self.embeddings, inputs)


class Reshape(base.Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(int(d) for d in target_shape)

    def call(self, inputs):
        return array_ops.reshape(inputs, array_ops.concat([array_ops.shape(inputs)[:1], _t(list(self.target_shape), dtype=core.int32)], 0))


class Lambda(base.Layer):
    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function, self.arguments = function, dict(arguments or {})

    def call(self, inputs):
        return self.function(inputs, **self.arguments)


class Flatten(base.Layer):
    def call(self, inputs):
        dims = inputs.shape.as_list()[1:]
        if all(d is not None for d in dims):
            return array_ops.reshape(inputs, [-1, int(np.prod(dims))])
        return array_ops.reshape(inputs, array_ops.stack([array_ops.shape(inputs)[0], -1]))


class Activation(base.Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get_activation(activation)

    def call(self, inputs):
        return self.activation(inputs)


class ReLU(base.Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None or negative_slope or threshold:
            raise backend.unsupported("ReLU(max_value/negative_slope/threshold)")

    def call(self, inputs):
        return nn_ops.relu(inputs)


class LeakyReLU(base.Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        super().__init__(**kwargs)
        self.negative_slope = float(negative_slope)

    def call(self, inputs):
        return nn_ops.leaky_relu(inputs, alpha=self.negative_slope)


class Softmax(base.Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if axis != -1:
            raise backend.unsupported("Softmax(axis != -1)")

    def call(self, inputs, mask=None):
        if mask is not None:
            raise backend.unsupported("Softmax with a mask")
        return activations._keras_softmax(inputs)


class Dropout(base.Layer):
    """Identity at inference. Keras 3 draws training-time masks from its own SeedGenerator
    (whose state variable this layer creates, as Keras does), so training=True with a
    nonzero rate raises NotImplementedError."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError("Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             "Received: rate=%s" % rate)
        self.rate, self.seed = float(rate), seed
        self._seed_state = None
        if rate > 0:   # Keras 3 makes a SeedGenerator (and its state variable) only then
            self._seed_state = backend.seed_state_variable(seed)

    def _state_variables(self):
        return [self._seed_state] if self._seed_state is not None else []

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            raise backend.unsupported("Dropout with training=True (Keras 3 seed-generator masks)")
        return inputs

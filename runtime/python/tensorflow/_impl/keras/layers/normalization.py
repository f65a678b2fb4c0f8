"""BatchNormalization and LayerNormalization over the last axis."""
from ... import math_ops, nn_ops
from .. import backend
from . import base
from ...core import convert_to_tensor as _t


class BatchNormalization(base.Layer):
    """Keras 3 BatchNormalization over the last axis: batch moments (tf.nn.moments) and a
    moving-average update when called with training=True (as fit does), the moving
    statistics otherwise; tf.nn.batch_normalization either way."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 synchronized=False, renorm=False, **kwargs):
        super().__init__(**kwargs)
        if axis not in (-1,) or renorm or any(x is not None for x in (beta_regularizer, gamma_regularizer,
                                                                      beta_constraint, gamma_constraint)):
            raise backend.unsupported("BatchNormalization(axis != -1 / renorm / regularizers / constraints)")
        self.axis, self.momentum, self.epsilon, self.center, self.scale = axis, float(momentum), float(epsilon), \
            center, scale
        self._inits = (gamma_initializer, beta_initializer, moving_mean_initializer, moving_variance_initializer)
        self.gamma = self.beta = None

    def build(self, input_shape):
        shape = (input_shape[-1],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, initializer=self._inits[0], name="gamma")
        if self.center:
            self.beta = self.add_weight(shape=shape, initializer=self._inits[1], name="beta")
        self.moving_mean = self.add_weight(shape=shape, initializer=self._inits[2], trainable=False,
                                           name="moving_mean")
        self.moving_variance = self.add_weight(shape=shape, initializer=self._inits[3], trainable=False,
                                               name="moving_variance")

    def call(self, inputs, training=None, mask=None):
        if mask is not None:
            raise backend.unsupported("BatchNormalization with a mask")
        moving_mean, moving_variance = self.moving_mean.read_value(), self.moving_variance.read_value()
        if training and self.trainable:
            mean, variance = nn_ops.moments(inputs, list(range(len(inputs.shape) - 1)))
            keep = _t(1.0 - self.momentum)
            self.moving_mean.assign(math_ops.add(math_ops.multiply(moving_mean, _t(self.momentum)), math_ops.multiply(mean, keep)))
            self.moving_variance.assign(math_ops.add(math_ops.multiply(moving_variance, _t(self.momentum)),
                                                math_ops.multiply(variance, keep)))
        else:
            mean, variance = moving_mean, moving_variance
        return nn_ops.batch_normalization(inputs, mean, variance, self.beta.read_value() if self.center else None,
                                          self.gamma.read_value() if self.scale else None, self.epsilon)


class LayerNormalization(base.Layer):
    """Keras 3 LayerNormalization over the last axis: moments (keepdims), inv = rsqrt(var +
    eps) * gamma, out = x * inv + (beta - mean * inv)."""

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, rms_scaling=False, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        super().__init__(**kwargs)
        if axis != -1 or rms_scaling or any(x is not None for x in (beta_constraint, gamma_constraint)):
            raise backend.unsupported("LayerNormalization(axis != -1 / rms_scaling / constraints)")
        self.axis, self.epsilon, self.center, self.scale = axis, float(epsilon), center, scale
        self._inits = (gamma_initializer, beta_initializer)
        self._regs = (gamma_regularizer, beta_regularizer)
        self.gamma = self.beta = None

    def build(self, input_shape):
        shape = (input_shape[-1],)
        if self.scale:
            self.gamma = self.add_weight(shape=shape, initializer=self._inits[0], regularizer=self._regs[0],
                                         name="gamma")
        if self.center:
            self.beta = self.add_weight(shape=shape, initializer=self._inits[1], regularizer=self._regs[1],
                                        name="beta")

    def call(self, inputs):
        mean, variance = nn_ops.moments(inputs, [len(inputs.shape) - 1], keepdims=True)
        inv = math_ops.rsqrt(math_ops.add(variance, _t(self.epsilon, dtype=inputs.dtype)))
        if self.scale:
            inv = math_ops.multiply(inv, self.gamma.read_value())
        res = math_ops.multiply(math_ops.negative(mean), inv)
        if self.center:
            res = math_ops.add(res, self.beta.read_value())
        return math_ops.add(math_ops.multiply(inputs, inv), res)

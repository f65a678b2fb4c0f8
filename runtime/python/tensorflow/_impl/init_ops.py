"""TF1 initializers (tf.compat.v1.*_initializer, tf.initializers): zeros, ones, constant,
random normal / truncated normal / uniform, and variance scaling with its glorot / he /
lecun forms (fans over every dimension, as TensorFlow computes them)."""
import math

from . import array_ops, core, random_ops


def _init(fn):
    class Init:
        def __init__(self, *args, **kw):
            self.args, self.kw = args, kw

        def __call__(self, shape, dtype=core.float32, partition_info=None):
            return fn(list(shape), core.as_dtype(dtype or self.kw.get("dtype") or core.float32), *self.args, **{k: v for k, v in self.kw.items() if k != "dtype"})
    return Init


zeros_initializer = _init(lambda s, d: array_ops.zeros(s, d))
ones_initializer = _init(lambda s, d: array_ops.ones(s, d))
constant_initializer = _init(lambda s, d, value=0, verify_shape=False: core.constant_value_tensor(value, d, shape=s))
random_normal_initializer = _init(lambda s, d, mean=0.0, stddev=1.0, seed=None: random_ops.random_normal(s, mean, stddev, d, seed))
truncated_normal_initializer = _init(lambda s, d, mean=0.0, stddev=1.0, seed=None: random_ops.truncated_normal(s, mean, stddev, d, seed))
random_uniform_initializer = _init(lambda s, d, minval=0.0, maxval=1.0, seed=None: random_ops.random_uniform(s, minval, maxval, d, seed))


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
            return random_ops.truncated_normal(shape, 0.0, stddev, dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random_ops.random_normal(shape, 0.0, math.sqrt(scale), dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return random_ops.random_uniform(shape, -limit, limit, dtype, seed=self.seed)


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

"""tf.keras.initializers (Keras 3): Constant, Zeros, Ones, Identity and the random ones
(variance scaling with its Glorot / He / LeCun forms, RandomNormal / RandomUniform /
TruncatedNormal, Orthogonal). Keras 3 draws these from its own seed generator: shapes and
distributions match TensorFlow, the numbers do not. As Keras 3, an initializer given an int
seed gives the same numbers on every call (random_backend, the counterpart of Keras's
keras.src.backend.tensorflow.random, draws them)."""
import numpy as np

from .. import array_ops, core, linalg_ops, math_ops
from . import naming, random_backend


class Initializer:
    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = core.as_dtype(dtype or core.float32)
        v = np.asarray(self.value.numpy() if hasattr(self.value, "numpy") else self.value, dtype=dtype.as_numpy_dtype)
        return core.constant_value_tensor(np.broadcast_to(v, tuple(shape)).copy(), dtype)


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return array_ops.zeros(list(shape), core.as_dtype(dtype or core.float32))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return array_ops.ones(list(shape), core.as_dtype(dtype or core.float32))


class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        dtype = core.as_dtype(dtype or core.float32)
        return core.constant_value_tensor(self.gain * np.eye(*shape), dtype)


class _Random(Initializer):
    """Keras 3 draws these from its own seed generator: the shapes and distribution match
    TensorFlow, the numbers do not (use a deterministic initializer to compare values)."""

    def __init__(self, seed=None, **kw):
        self.seed, self.kw = seed, kw

    def __call__(self, shape, dtype=None):
        dtype = core.as_dtype(dtype or core.float32)
        return self._draw(list(shape), dtype)


def _fans(shape):
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    rf = int(np.prod(shape[:-2])) if len(shape) > 2 else 1
    return shape[-2] * rf, shape[-1] * rf


class VarianceScaling(_Random):
    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None):
        super().__init__(seed)
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _draw(self, shape, dtype):
        fi, fo = _fans(shape)
        n = {"fan_in": fi, "fan_out": fo, "fan_avg": (fi + fo) / 2.0}[self.mode]
        s = self.scale / max(1.0, n)
        if self.distribution == "uniform":
            lim = float(np.sqrt(3.0 * s))
            return random_backend.uniform(shape, -lim, lim, dtype, self.seed)
        if self.distribution == "untruncated_normal":
            return random_backend.normal(shape, 0.0, float(np.sqrt(s)), dtype, self.seed)
        return random_backend.truncated_normal(shape, 0.0, float(np.sqrt(s)) / .87962566103423978, dtype, self.seed)


def _vs(scale, mode, dist):
    class Init(VarianceScaling):
        def __init__(self, seed=None):
            super().__init__(scale, mode, dist, seed)
    return Init


GlorotUniform = _vs(1.0, "fan_avg", "uniform")
GlorotNormal = _vs(1.0, "fan_avg", "truncated_normal")
HeNormal = _vs(2.0, "fan_in", "truncated_normal")
HeUniform = _vs(2.0, "fan_in", "uniform")
LecunNormal = _vs(1.0, "fan_in", "truncated_normal")
LecunUniform = _vs(1.0, "fan_in", "uniform")


for _c, _n in ((GlorotUniform, "GlorotUniform"), (GlorotNormal, "GlorotNormal"), (HeNormal, "HeNormal"),
               (HeUniform, "HeUniform"), (LecunNormal, "LecunNormal"), (LecunUniform, "LecunUniform")):
    _c.__name__ = _c.__qualname__ = _n


class Orthogonal(_Random):
    """Keras 3's orthogonal initializer (the recurrent layers' default): the Q of a QR
    decomposition of a normal draw over (max(rows, cols), min(rows, cols)), rows being the
    product of all but the last dimension, its columns' signs those of R's diagonal,
    transposed when there are fewer rows than columns, times `gain`."""

    def __init__(self, gain=1.0, seed=None):
        super().__init__(seed)
        self.gain = gain

    def _draw(self, shape, dtype):
        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. Received: shape=%s of "
                             "rank %d." % (tuple(shape), len(shape)))
        rows, cols = int(np.prod(shape[:-1])), int(shape[-1])
        a = random_backend.normal([max(rows, cols), min(rows, cols)], 0.0, 1.0, dtype, self.seed)
        q, r = linalg_ops.qr(a)
        q = math_ops.multiply(q, math_ops.sign(linalg_ops.matrix_diag_part(r)))
        if rows < cols:
            q = array_ops.transpose(q)
        return math_ops.multiply(array_ops.reshape(q, list(shape)), core.constant_value_tensor(
            np.asarray(self.gain, dtype.as_numpy_dtype), dtype))


class RandomNormal(_Random):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def _draw(self, shape, dtype):
        return random_backend.normal(shape, self.mean, self.stddev, dtype, self.seed)


class RandomUniform(_Random):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def _draw(self, shape, dtype):
        return random_backend.uniform(shape, self.minval, self.maxval, dtype, self.seed)


class TruncatedNormal(_Random):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def _draw(self, shape, dtype):
        return random_backend.truncated_normal(shape, self.mean, self.stddev, dtype, self.seed)


_INITIALIZERS = {"zeros": Zeros, "ones": Ones, "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal,
                 "he_normal": HeNormal, "he_uniform": HeUniform, "lecun_normal": LecunNormal,
                 "lecun_uniform": LecunUniform, "random_normal": RandomNormal, "random_uniform": RandomUniform,
                 "truncated_normal": TruncatedNormal, "constant": Constant, "identity": Identity,
                 "orthogonal": Orthogonal,
                 "uniform": RandomUniform, "normal": RandomNormal}


def get_initializer(spec):
    if spec is None:
        return None
    if isinstance(spec, str):
        key = naming.snake_case(spec)
        if key not in _INITIALIZERS:
            raise ValueError("Could not interpret initializer identifier: %s" % spec)
        return _INITIALIZERS[key]()
    if isinstance(spec, type):
        return spec()
    return spec

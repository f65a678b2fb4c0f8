"""The bundled counterpart of Keras 3's keras.src.backend.tensorflow.random: the draws of
the Keras initializers, with its functions and signatures. As Keras 3, a draw given an int
seed is stateless: the same numbers on every call with that seed (numpy's stream keyed by
the seed and the distribution here, not TensorFlow's stateless Philox, so the numbers
differ from Keras's; shapes and distributions match). A draw with no seed is an unseeded
tf.random op. `tfmigrate run --deterministic-random` wraps these functions as it wraps
Keras's own."""
import random as _python_random

import numpy as np

from .. import core, random_ops

_KINDS = {"normal": 1, "uniform": 2, "truncated_normal": 3}


def make_default_seed():
    """Keras's seed for an initializer given none (the bundled initializers pass None)."""
    return _python_random.randint(1, int(1e9))


def _stateless(kind, shape, dtype, seed, sample):
    dtype = core.as_dtype(dtype or core.float32)
    dims = [int(d) for d in (shape._numpy() if isinstance(shape, core.EagerTensor) else shape)]
    rng = np.random.RandomState([int(seed) % (2 ** 32), _KINDS[kind]])
    return core.constant_value_tensor(np.asarray(sample(rng, dims), dtype=dtype.as_numpy_dtype), dtype)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    if seed is None:
        return random_ops.random_normal(shape, mean, stddev, core.as_dtype(dtype or core.float32))
    return _stateless("normal", shape, dtype, seed, lambda rng, s: rng.standard_normal(s) * stddev + mean)


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    if seed is None:
        return random_ops.random_uniform(shape, minval, maxval, core.as_dtype(dtype or core.float32))
    return _stateless("uniform", shape, dtype, seed, lambda rng, s: rng.uniform(minval, maxval, s))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    if seed is None:
        return random_ops.truncated_normal(shape, mean, stddev, core.as_dtype(dtype or core.float32))

    def sample(rng, s):
        out = rng.standard_normal(s)
        bad = np.abs(out) > 2.0
        while bad.any():
            out[bad] = rng.standard_normal(int(bad.sum()))
            bad = np.abs(out) > 2.0
        return out * stddev + mean
    return _stateless("truncated_normal", shape, dtype, seed, sample)

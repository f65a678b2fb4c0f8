"""Graph-level and op-level seeds (tf.set_random_seed / tf.random.set_seed) as TF combines them."""
from . import core

_global = [None]
_rng = [None]          # eager: random.Random(global seed) hands out op seeds, as TF's context does
DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1


def set_seed(seed):
    if core.executing_eagerly():
        import random
        _global[0] = seed
        _rng[0] = random.Random(int(seed)) if seed is not None else None
        import _tfrt
        _tfrt.reset_eager_rngs()
    else:
        core.get_default_graph().seed = seed


def _graph_seed():
    if core.executing_eagerly():
        return _global[0]
    g = core.get_default_graph()
    return g.seed if g.seed is not None else _global[0]


def _truncate(seed):
    return int(seed) % _MAXINT32


def get_seed(op_seed):
    """(seed, seed2) for a random op, derived as TF 2.x does: a graph-level seed with no op
    seed takes the graph's next op-seed counter value (0, 1, 2, ...); eagerly, the next
    draw of random.Random(global seed)."""
    gs = _graph_seed()
    if gs is not None:
        if op_seed is None:
            if core.executing_eagerly():
                if _rng[0] is None:
                    import random
                    _rng[0] = random.Random(int(gs))
                op_seed = _rng[0].randint(0, _MAXINT32)
            else:
                g = core.get_default_graph()
                g = getattr(g, "_tfm_seed_graph", None) or g
                op_seed = getattr(g, "_tfm_seed_counter", 0)
                g._tfm_seed_counter = op_seed + 1
        seeds = _truncate(gs), _truncate(op_seed)
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, _truncate(op_seed)
    else:
        return 0, 0
    if seeds == (0, 0):
        return 0, _MAXINT32
    return seeds


class Generator:
    """tf.random.Generator: a stateful generator (numpy's PCG64 stream here, not TF's
    Philox, so values differ from TensorFlow's; shapes and dtypes match). Inside a graph or
    tf.function each draw is a node that advances the state every time it runs."""

    def __init__(self, seed=None, alg=None):
        import numpy as np
        self._rng = np.random.Generator(np.random.PCG64(seed))

    @classmethod
    def from_seed(cls, seed, alg=None):
        return cls(int(seed))

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        return cls(None)

    def _draw(self, shape, dtype, fn):
        import numpy as np
        from . import ops, script_ops
        dtype = core.as_dtype(dtype)
        if isinstance(shape, core.Tensor):
            shape = ops.shape_static(shape) if hasattr(ops, "shape_static") else shape._numpy().tolist()
        shape = [int(d) for d in shape]

        def sample():
            return np.asarray(fn(shape), dtype=dtype.as_numpy_dtype)
        if core.executing_eagerly():
            return core.constant_value_tensor(sample(), dtype)
        out = script_ops.host_call(lambda vals: [sample()], [], [dtype], "StatefulRandom")[0]
        out.set_shape(shape)
        return out

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=core.float32, name=None):
        return self._draw(shape, dtype, lambda s: self._rng.normal(mean, stddev, s))

    def uniform(self, shape, minval=0, maxval=None, dtype=core.float32, name=None):
        dtype = core.as_dtype(dtype)
        if dtype.is_integer:
            return self._draw(shape, dtype, lambda s: self._rng.integers(minval, maxval, s))
        hi = 1.0 if maxval is None else maxval
        return self._draw(shape, dtype, lambda s: self._rng.uniform(minval, hi, s))

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=core.float32, name=None):
        def tn(s):
            import numpy as np
            out = self._rng.normal(0.0, 1.0, s)
            bad = np.abs(out) > 2.0
            while bad.any():
                out[bad] = self._rng.normal(0.0, 1.0, int(bad.sum()))
                bad = np.abs(out) > 2.0
            return out * stddev + mean
        return self._draw(shape, dtype, tn)


_global_generator = [None]


def get_global_generator():
    if _global_generator[0] is None:
        _global_generator[0] = Generator(_global[0])
    return _global_generator[0]


def set_global_generator(g):
    _global_generator[0] = g

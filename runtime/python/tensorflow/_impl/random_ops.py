"""tf.random (TensorFlow's random_ops): normal, truncated normal and uniform draws, categorical
/ multinomial, shuffle and random_crop, the candidate samplers (candidate_sampling_ops:
log_uniform / uniform_candidate_sampler, compute_accidental_hits), with TensorFlow's
numbers for a seed (Philox4x32-10 and TF's CPU distributions in the kernels; op seeds from
random_seed.py), and tf.random.Generator (numpy's PCG64 stream, not TF's)."""
import numpy as np

from . import array_ops, core, math_ops, random_seed, script_ops
from .core import convert_to_tensor as _t, op1


def _seeds(seed):
    return random_seed.get_seed(seed)


def random_normal(shape, mean=0.0, stddev=1.0, dtype=core.float32, seed=None, name=None):
    dtype = core.as_dtype(dtype)
    s1, s2 = _seeds(seed)
    r = op1("RandomStandardNormal", [array_ops.shape_tensor(shape)], {"dtype": dtype, "seed": s1, "seed2": s2}, name or "random_normal")
    return math_ops.add(math_ops.multiply(r, _t(stddev, dtype=dtype)), _t(mean, dtype=dtype))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=core.float32, seed=None, name=None):
    dtype = core.as_dtype(dtype)
    s1, s2 = _seeds(seed)
    r = op1("TruncatedNormal", [array_ops.shape_tensor(shape)], {"dtype": dtype, "seed": s1, "seed2": s2}, name or "truncated_normal")
    return math_ops.add(math_ops.multiply(r, _t(stddev, dtype=dtype)), _t(mean, dtype=dtype))


def random_uniform(shape, minval=0, maxval=None, dtype=core.float32, seed=None, name=None):
    dtype = core.as_dtype(dtype)
    if maxval is None:
        maxval = 1
    s1, s2 = _seeds(seed)
    if dtype.is_integer:
        return op1("RandomUniformInt", [array_ops.shape_tensor(shape), _t(minval, dtype=dtype), _t(maxval, dtype=dtype)],
                   {"dtype": dtype, "Tout": dtype, "seed": s1, "seed2": s2}, name or "random_uniform")
    r = op1("RandomUniform", [array_ops.shape_tensor(shape)], {"dtype": dtype, "seed": s1, "seed2": s2}, name or "random_uniform")
    return math_ops.add(math_ops.multiply(r, _t(maxval - minval, dtype=dtype)), _t(minval, dtype=dtype))


def _multinomial(logits, num_samples, dtype, seed, name, scope):
    logits = _t(logits)
    dtype = core.as_dtype(dtype) if dtype else core.int64
    if dtype not in (core.int32, core.int64):
        raise ValueError("Argument `dtype` got invalid value %s. Accepted dtypes are (tf.int32, tf.int64)." % dtype)
    s1, s2 = _seeds(seed)
    n = _t(num_samples, dtype=core.int32)
    attrs = {"seed": s1, "seed2": s2, "T": logits.dtype, "output_dtype": dtype}
    if core.executing_eagerly():
        return op1("Multinomial", [logits, n], attrs, "Multinomial")
    with core.get_default_graph().name_scope(name or scope):
        return op1("Multinomial", [logits, n], attrs, "Multinomial")


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """tf.random.categorical: TensorFlow's Multinomial op (its numbers for a seed)."""
    return _multinomial(logits, num_samples, dtype, seed, name, "categorical")


def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    """TF1 tf.multinomial / tf.random.multinomial."""
    return _multinomial(logits, num_samples, output_dtype, seed, name, "multinomial")


def random_shuffle(value, seed=None, name=None):
    x = _t(value)
    s1, s2 = random_seed.get_seed(seed)
    return core.op1("RandomShuffle", [x], {"seed": s1, "seed2": s2, "T": x.dtype}, name or "RandomShuffle")


def random_crop(value, size, seed=None, name=None):
    """tf.image.random_crop / tf.random_crop: offset = uniform int32 in [0, int32 max)
    modulo (shape - size + 1), then value[offset:offset + size]."""
    value = _t(value)
    size = _t(size, dtype=core.int32)
    static_size = size._numpy() if isinstance(size, core.EagerTensor) else None
    if static_size is None and size.op.type == "Const":
        static_size = np.asarray(size.op.get_attr("value"))
    if value.shape.is_fully_defined() and static_size is not None:
        have = np.asarray(value.shape.as_list())
        if have.shape != np.asarray(static_size).shape or np.any(have < static_size):
            raise core.InvalidArgumentError(None, None, "Need value.shape >= size, got %s %s"
                                            % (list(have), list(np.asarray(static_size).ravel())))
    shape = array_ops.shape(value, out_type=core.int32)
    limit = math_ops.add(math_ops.subtract(shape, size), _t(1, dtype=core.int32))
    offset = math_ops.floormod(random_uniform(array_ops.shape(shape, out_type=core.int32), dtype=core.int32,
                                             maxval=np.iinfo(np.int32).max, seed=seed), limit)
    rank = value.shape.ndims
    out = op1("StridedSlice", [value, offset, math_ops.add(offset, size), array_ops.ones_like(size)],
              {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0, "shrink_axis_mask": 0,
               "T": value.dtype}, name or "random_crop")
    if static_size is not None and rank is not None:
        out.set_shape([int(d) for d in np.ravel(static_size)])
    return out


# ---------------------------------------------------------------------------- candidate sampling
# TensorFlow's candidate_sampling_ops: each sampler takes its (seed, seed2) as the other
# random ops do (compute_accidental_hits too, though it draws nothing: it moves the graph's
# op-seed counter all the same).
# The results are namedtuples named after the op, as TF's generated wrappers return them.
_SAMPLED = ["sampled_candidates", "true_expected_count", "sampled_expected_count"]
_RESULTS = {n: __import__("collections").namedtuple(n, _SAMPLED)
            for n in ("LogUniformCandidateSampler", "UniformCandidateSampler")}
_RESULTS["ComputeAccidentalHits"] = __import__("collections").namedtuple("ComputeAccidentalHits",
                                                                         ["indices", "ids", "weights"])


def _candidate_sampler(op_type, true_classes, num_true, num_sampled, unique, range_max, seed, name):
    s1, s2 = _seeds(seed)
    attrs = {"num_true": int(num_true), "num_sampled": int(num_sampled), "unique": bool(unique),
             "range_max": int(range_max), "seed": s1, "seed2": s2}
    out = core.apply_op(op_type, [_t(true_classes, dtype=core.int64)], attrs, name or op_type)
    return _RESULTS[op_type](*out)


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """tf.random.log_uniform_candidate_sampler: classes drawn with P(k) = log((k + 2) / (k + 1))
    / log(range_max + 1) (TF's LogUniformCandidateSampler kernel and its stream)."""
    return _candidate_sampler("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                              range_max, seed, name)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None, name=None):
    """tf.random.uniform_candidate_sampler: classes drawn uniformly from [0, range_max)."""
    return _candidate_sampler("UniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                              range_max, seed, name)


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None):
    """tf.nn.compute_accidental_hits: (row, sampled position, -FLT_MAX) per true class that
    is also a sampled candidate."""
    s1, s2 = _seeds(seed)
    out = core.apply_op("ComputeAccidentalHits",
                        [_t(true_classes, dtype=core.int64), _t(sampled_candidates, dtype=core.int64)],
                        {"num_true": int(num_true), "seed": s1, "seed2": s2}, name or "ComputeAccidentalHits")
    return _RESULTS["ComputeAccidentalHits"](*out)


# ---------------------------------------------------------------------------- tf.random.Generator
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

    def split(self, count=1):
        """`count` new generators, each its own stream drawn from this one (TF's split
        advances this generator's state likewise; the streams differ from TF's)."""
        import numpy as np
        return [Generator(int(s)) for s in self._rng.integers(0, 2 ** 63 - 1, size=int(count), dtype=np.int64)]

    def _draw(self, shape, dtype, fn):
        import numpy as np
        dtype = core.as_dtype(dtype)
        if isinstance(shape, core.Tensor):
            known = core.constant_value(shape)
            if known is None:   # a graph tensor known only at run time: the shape it has then
                out = script_ops.host_call(
                    lambda vals: [np.asarray(fn([int(d) for d in np.reshape(vals[0], [-1])]),
                                             dtype=dtype.as_numpy_dtype)],
                    [array_ops.int_tensor(shape)], [dtype], "StatefulRandom")[0]
                dims = array_ops._partial_shape(shape)
                if dims is not None:
                    out.set_shape(dims)
                return out
            shape = np.reshape(known, [-1]).tolist()
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
        _global_generator[0] = Generator(random_seed._global[0])
    return _global_generator[0]


def set_global_generator(g):
    _global_generator[0] = g


core.not_differentiable("RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal",
                        "Multinomial", "RandomShuffle", "LogUniformCandidateSampler", "UniformCandidateSampler",
                        "ComputeAccidentalHits")

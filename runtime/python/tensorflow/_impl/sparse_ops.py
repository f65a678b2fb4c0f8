"""tf.SparseTensor (indices int64 [N, rank], values [N], dense_shape int64 [rank]) and the
sparse ops TF1 programs use with it: tf.sparse.to_dense / sparse_tensor_to_dense and
tf.edit_distance. A SparseTensor is three tensors; a session fetches it as a
SparseTensorValue. The ops run on the host (their kernels are small and TensorFlow's order of
the entries is kept)."""
import collections

import numpy as np

from . import core, script_ops
from .core import convert_to_tensor as _t

SparseTensorValue = collections.namedtuple("SparseTensorValue", ["indices", "values", "dense_shape"])


class SparseTensor:
    """tf.SparseTensor."""

    def __init__(self, indices, values, dense_shape):
        self._indices = _t(indices, dtype=core.int64, name="indices")
        self._values = _t(values, name="values")
        self._dense_shape = _t(dense_shape, dtype=core.int64, name="dense_shape")

    indices = property(lambda self: self._indices)
    values = property(lambda self: self._values)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values.dtype)
    graph = property(lambda self: self._values.graph)
    op = property(lambda self: self._values.op)

    @property
    def shape(self):
        v = core.constant_value(self._dense_shape)
        if v is not None:
            return core.TensorShape([int(d) for d in np.asarray(v).reshape(-1)])
        n = self._dense_shape.shape.as_list()[0] if self._dense_shape.shape.ndims else None
        return core.TensorShape(None if n is None else [None] * n)

    def get_shape(self):
        return self.shape

    def eval(self, feed_dict=None, session=None):
        return (session or core.get_default_session_or_raise()).run(self, feed_dict)

    def __repr__(self):
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (self._indices, self._values,
                                                                       self._dense_shape)


def _groups(indices, values):
    """{prefix (all but the last index): [values ordered by their last index]}."""
    out = collections.defaultdict(list)
    order = sorted(range(len(values)), key=lambda i: tuple(indices[i]))
    for i in order:
        out[tuple(indices[i][:-1])].append(values[i])
    return out


def _levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (0 if x == y else 1))
        prev = cur
    return prev[-1]


def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """tf.edit_distance: the Levenshtein distance between the sequences of `hypothesis` and
    `truth` at each position of their shapes but the last (normalized by the truth's length:
    inf where the truth is empty and the hypothesis not)."""
    if not isinstance(hypothesis, SparseTensor) or not isinstance(truth, SparseTensor):
        raise TypeError("Hypothesis and truth must be of type SparseTensor.")
    ins = [hypothesis.indices, hypothesis.values, hypothesis.dense_shape, truth.indices, truth.values,
           truth.dense_shape]

    def run(vals):
        hi, hv, hs, ti, tv, ts = [np.asarray(v) for v in vals]
        hi, ti = hi.reshape(-1, hs.size), ti.reshape(-1, ts.size)
        if hs.size != ts.size:
            raise core._BY_CODE[3](None, None, "hypothesis and truth must have the same rank; got %d and %d"
                                   % (hs.size, ts.size))
        shape = [int(max(a, b)) for a, b in zip(hs[:-1], ts[:-1])]
        out = np.zeros(shape, dtype=np.float32)
        hyp, tru = _groups(hi, list(hv.reshape(-1))), _groups(ti, list(tv.reshape(-1)))
        for key in set(hyp) | set(tru):
            h, t = hyp.get(key, []), tru.get(key, [])
            d = float(_levenshtein(h, t))
            if normalize:
                d = d / len(t) if t else (np.inf if h else np.nan)
            if all(0 <= k < n for k, n in zip(key, shape)):
                out[key] = d
        return [out]
    out = script_ops.host_call(run, ins, [core.float32], name)[0]
    hs, ts = core.constant_value(hypothesis.dense_shape), core.constant_value(truth.dense_shape)
    if hs is not None and ts is not None:
        out.set_shape([int(max(a, b)) for a, b in zip(np.asarray(hs)[:-1], np.asarray(ts)[:-1])])
    return out


def sparse_to_dense_from_sparse(sp_input, default_value=None, validate_indices=True, name=None):
    """tf.sparse.to_dense / tf.sparse_tensor_to_dense."""
    dt = sp_input.dtype

    def run(vals):
        idx, val, shape = [np.asarray(v) for v in vals]
        fill = default_value if default_value is not None else (b"" if dt == core.string else 0)
        out = np.full([int(d) for d in shape], fill, dtype=object if dt == core.string else dt.as_numpy_dtype)
        for i, v in zip(idx.reshape(-1, shape.size), val.reshape(-1)):
            out[tuple(i)] = v
        return [out]
    out = script_ops.host_call(run, [sp_input.indices, sp_input.values, sp_input.dense_shape], [dt],
                               name or "SparseToDense")[0]
    out.set_shape(sp_input.shape)
    return out

"""tf.data.Dataset: from_tensor_slices, from_tensors, range, zip, batch, map, filter,
shuffle (seeded; the bundled generator is not TensorFlow's), repeat, take, skip, enumerate,
prefetch/cache (no-ops) pipelines; eager iteration, iteration inside tf.function (unrolled at trace time), and
TF1 one-shot / initializable iterators whose get_next runs through a host callback. In a TF1
graph a dataset may be made from symbolic tensors (placeholders): its elements then come
from the values they have when an initializable iterator's initializer runs (its feeds), and
get_next has TensorFlow's static shapes for them (not yet after a map: unknown there)."""
import numpy as np

from . import core, random_seed, script_ops


class nest:  # tf.data structures: tuples and dicts nest, lists are tensors
    @staticmethod
    def flatten(s):
        if isinstance(s, dict):
            return [y for k in sorted(s) for y in nest.flatten(s[k])]
        if isinstance(s, tuple):
            return [y for x in s for y in nest.flatten(x)]
        return [s]

    @staticmethod
    def pack_sequence_as(s, flat):
        it = iter(flat)

        def pack(x):
            if isinstance(x, dict):
                vals = {k: pack(x[k]) for k in sorted(x)}
                return type(x)((k, vals[k]) for k in x)
            if isinstance(x, tuple):
                vals = [pack(y) for y in x]
                return type(x)(*vals) if hasattr(x, "_fields") else tuple(vals)
            return next(it)
        return pack(s)

    @staticmethod
    def map_structure(fn, *ss):
        flats = [nest.flatten(s) for s in ss]
        return nest.pack_sequence_as(ss[0], [fn(*xs) for xs in zip(*flats)])


class Dataset:
    def __init__(self, gen_fn, kind="Dataset", inputs=(), shapes=None):
        self._gen = gen_fn   # () -> iterator of nested numpy/python structures
        self._kind = kind    # TF's dataset op name (error messages)
        self._inputs = list(inputs)  # symbolic tensors of a TF1 graph the elements come from
        # (a dataset of such tensors) its components' static shapes (lists, None for an
        # unknown dimension; None for an unknown shape), as TF infers them
        self._shapes = shapes
        # a dataset made while tracing a tf.function belongs to that trace's graph
        self._graph = core.get_default_graph() if core.inside_function() else None

    def _derive(self, gen_fn, kind, shapes=None, same_shapes=True):
        """A dataset made from this one (its symbolic inputs too)."""
        if same_shapes and shapes is None:
            shapes = self._shapes
        return Dataset(gen_fn, kind, self._inputs, shapes)

    def _shapes_map(self, fn):
        return None if self._shapes is None else [None if s is None else fn(s) for s in self._shapes]

    def _spec_key(self):
        """tf.function's cache key for a dataset argument: its element structure, dtypes and
        shapes (dimensions that vary between elements are None), not its identity."""
        shapes, dtypes, struct = None, None, None
        for k, e in enumerate(self._gen()):
            flat = [np.asarray(x) for x in nest.flatten(e)]
            if shapes is None:
                struct = nest.map_structure(lambda x: 0, e)
                shapes = [list(a.shape) for a in flat]
                dtypes = [a.dtype.kind if a.dtype.kind in "OUS" else a.dtype.name for a in flat]
            else:
                shapes = [None if sh is None or len(sh) != a.ndim else [x if x == y else None for x, y in zip(sh, a.shape)]
                          for sh, a in zip(shapes, flat)]
            if k >= 64:
                break
        return ("D", repr(struct), tuple(dtypes or ()), tuple(tuple(s) if s is not None else None for s in (shapes or ())))

    def _check_scope(self):
        if self._graph is None:
            return
        g = core.get_default_graph() if not core.executing_eagerly() else None
        while g is not None and g is not self._graph:
            g = getattr(g, "outer", None)
        if g is None:
            raise TypeError("<tf.Tensor '%s:0' shape=() dtype=variant> is out of scope and cannot be used here. Use "
                            "return values, explicit Python locals or TensorFlow collections to access it."
                            % self._kind)

    @staticmethod
    def from_tensor_slices(tensors):
        def slices(flat):
            for i in range(flat[0].shape[0]):
                yield nest.pack_sequence_as(tensors, [f[i] for f in flat])
        return _source(tensors, slices, "TensorSliceDataset", sliced=True)

    @staticmethod
    def from_tensors(tensors):
        return _source(tensors, lambda flat: iter([nest.pack_sequence_as(tensors, flat)]), "TensorDataset")

    @staticmethod
    def range(*args):
        return Dataset(lambda: (np.int64(i) for i in range(*[int(_val(a)) for a in args])), "RangeDataset")

    @staticmethod
    def zip(datasets):
        flat = nest.flatten(datasets)

        def gen():
            for elems in zip(*[d._gen() for d in flat]):
                yield nest.pack_sequence_as(datasets, list(elems))
        shapes = None if any(d._shapes is None for d in flat) else [s for d in flat for s in d._shapes]
        return Dataset(gen, "ZipDataset", [t for d in flat for t in d._inputs], shapes)

    def batch(self, batch_size, drop_remainder=False):
        def gen():
            buf = []
            for e in self._gen():
                buf.append(e)
                if len(buf) == batch_size:
                    yield _stack(buf)
                    buf = []
            if buf and not drop_remainder:
                yield _stack(buf)
        return self._derive(gen, "BatchDatasetV2",
                            self._shapes_map(lambda s: [int(batch_size) if drop_remainder else None] + s))

    def map(self, fn, num_parallel_calls=None):
        def gen():
            for e in self._gen():
                with core.force_eager():
                    args = nest.map_structure(lambda a: core.convert_to_tensor(a), e)
                    r = fn(*args) if isinstance(e, tuple) else fn(args)
                    out = nest.map_structure(_val, r)
                # (not inside the `with`: a generator left suspended there would keep eager
                # execution forced for whatever runs next)
                yield out
        return self._derive(gen, "MapDataset", same_shapes=False)

    def filter(self, predicate):
        def gen():
            for e in self._gen():
                with core.force_eager():
                    args = nest.map_structure(lambda a: core.convert_to_tensor(a), e)
                    keep = predicate(*args) if isinstance(e, tuple) else predicate(args)
                if bool(_val(keep)):
                    yield e
        return self._derive(gen, "FilterDataset")

    def enumerate(self, start=0):
        def gen():
            for i, e in enumerate(self._gen(), start):
                yield (np.int64(i), e)
        return self._derive(gen, "ZipDataset", None if self._shapes is None else [[]] + self._shapes)

    def skip(self, count):
        def gen():
            for i, e in enumerate(self._gen()):
                if i >= count:
                    yield e
        return self._derive(gen, "SkipDataset")

    def unbatch(self):
        def gen():
            for e in self._gen():
                flat = [np.asarray(x) for x in nest.flatten(e)]
                for i in range(flat[0].shape[0]):
                    yield nest.pack_sequence_as(e, [f[i] for f in flat])
        return self._derive(gen, "UnbatchDataset", self._shapes_map(lambda s: s[1:]))

    def as_numpy_iterator(self):
        for e in self._gen():
            yield nest.map_structure(lambda a: np.asarray(a) if not isinstance(a, (bytes, str)) else a, e)

    def reduce(self, initial_state, reduce_func):
        state = nest.map_structure(core.convert_to_tensor, initial_state)
        for e in self:
            state = reduce_func(state, e)
        return state

    def cardinality(self):
        return core.convert_to_tensor(np.int64(sum(1 for _ in self._gen())))

    def repeat(self, count=None):
        count = None if count is None else int(_val(count))

        def gen():
            k = 0
            while count is None or count < 0 or k < count:
                yield from self._gen()
                k += 1
        return self._derive(gen, "RepeatDataset")

    def take(self, count):
        count = int(_val(count))

        def gen():
            if count == 0:
                return
            for i, e in enumerate(self._gen()):
                yield e
                if count >= 0 and i + 1 >= count:
                    return
        return self._derive(gen, "TakeDataset")

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None):
        """TF's algorithm (a buffer of `buffer_size` elements, a uniformly chosen one is
        emitted and replaced by the next input); the random stream is numpy's, seeded by
        `seed` (or the global seed), and a new order on every iteration unless
        reshuffle_each_iteration=False."""
        buffer_size = int(_val(buffer_size))
        base = seed if seed is not None else random_seed._graph_seed()
        base = int(np.random.randint(0, 2 ** 31 - 1)) if base is None else int(base)
        reshuffle = reshuffle_each_iteration is not False
        epochs = [0]

        def gen():
            rng = np.random.RandomState((base + (epochs[0] if reshuffle else 0)) % (2 ** 32))
            epochs[0] += 1
            buf = []
            for e in self._gen():
                buf.append(e)
                if len(buf) >= buffer_size:
                    i = rng.randint(len(buf))
                    buf[i], buf[-1] = buf[-1], buf[i]
                    yield buf.pop()
            while buf:
                i = rng.randint(len(buf))
                buf[i], buf[-1] = buf[-1], buf[i]
                yield buf.pop()
        return self._derive(gen, "ShuffleDatasetV3")

    def prefetch(self, n):
        return self

    def cache(self, filename=""):
        return self

    def __iter__(self):
        if not core.executing_eagerly() and not core.inside_function():
            raise RuntimeError("`tf.data.Dataset` only supports Python-style iteration in eager mode or within "
                               "tf.function.")
        return OwnedIterator(self)

    def make_one_shot_iterator(self):
        return Iterator(self, initializable=False)

    def make_initializable_iterator(self, shared_name=None):
        return Iterator(self, initializable=True)

    @property
    def element_spec(self):
        first = next(iter(self._gen()))
        return nest.map_structure(lambda a: core.TensorSpec(np.shape(a), core.as_dtype(np.asarray(a).dtype)), first)


class OwnedIterator:
    """iter(dataset) in TF2. Used inside a tf.function it was not created in (e.g. made
    eagerly and cached), `next` becomes an IteratorGetNext node that advances the live
    iterator on every call, as TF's iterator resource does."""

    def __init__(self, ds):
        ds._check_scope()
        self._ds = ds
        self._it = ds._gen()
        self._graph = core.get_default_graph() if core.inside_function() else None
        self._spec = None

    def __iter__(self):
        return self

    def _in_other_graph(self):
        return core.inside_function() and core.get_default_graph() is not self._graph

    def __next__(self):
        if self._in_other_graph():
            return self._graph_next()
        e = next(self._it)
        return nest.map_structure(lambda a: core.convert_to_tensor(a), e)

    next = __next__

    def get_next(self, name=None):
        return self.__next__()

    def _graph_next(self, slot=None):
        """The next element inside a trace of another graph: an IteratorGetNext node over this
        iterator, or (`slot`, an iterator argument) over whichever iterator slot[0] holds when
        the function runs."""
        import _tfrt
        if self._spec is None:
            # the element structure and dtypes of the first element; the shapes the dataset
            # states, else those of its first elements, a dimension that varies among them
            # unknown (a batch's last, smaller one)
            first, shapes = None, None
            for k, e in enumerate(self._ds._gen()):
                flat = [np.asarray(x) for x in nest.flatten(e)]
                if first is None:
                    first, shapes = e, [list(a.shape) for a in flat]
                    dtypes = [core.string if a.dtype.kind in "OUS" else core.as_dtype(a.dtype) for a in flat]
                else:
                    shapes = [None if sh is None or len(sh) != a.ndim else
                              [x if x == y else None for x, y in zip(sh, a.shape)] for sh, a in zip(shapes, flat)]
                if k >= 64:
                    break
            if first is None:
                raise _tfrt.StatusError(11, "End of sequence")
            if self._ds._shapes is not None:
                shapes = self._ds._shapes
            self._spec = (first, dtypes, shapes)
        struct, dtypes, shapes = self._spec

        def nxt(vals):
            try:
                e = next(slot[0]._it if slot is not None else self._it)
            except StopIteration:
                raise _tfrt.StatusError(11, "End of sequence") from None
            return [np.asarray(x) for x in nest.flatten(e)]
        outs = script_ops.host_call(nxt, [], dtypes, "IteratorGetNext")
        for o, sh in zip(outs, shapes):
            if sh is not None:
                o.set_shape(sh)
        return nest.pack_sequence_as(struct, list(outs))


class IteratorSpec:
    """tf.data.IteratorSpec: an iterator argument of a tf.function's input_signature."""

    def __init__(self, element_spec):
        self._element_spec = element_spec
        self.name = None

    @property
    def element_spec(self):
        return self._element_spec

    def __repr__(self):
        return "IteratorSpec(%r)" % (self._element_spec,)


class IteratorArg:
    """An iterator argument while a tf.function is traced: its next element reads whichever
    iterator the call passes (slot[0]), as TF's iterator resource argument does."""

    def __init__(self, slot):
        self._slot = slot

    def __iter__(self):
        return self

    def get_next(self, name=None):
        return self._slot[0]._graph_next(self._slot)

    __next__ = get_next
    next = get_next


# The values of a TF1 graph's symbolic tensors that datasets read (id -> NumPy value), bound
# by an initializable iterator's initializer when it runs (MakeIterator's inputs).
_BOUND = {}


def _symbolic(t):
    return isinstance(t, core.Tensor) and not isinstance(t, core.EagerTensor)


def _source(tensors, elements, kind, sliced=False):
    """A dataset of `elements(flat values)`; from symbolic tensors of a TF1 graph (not while
    tracing a tf.function), the values they have when the iterator's initializer runs."""
    flat = nest.flatten(tensors)
    syms = [t for t in flat if _symbolic(t)]
    if not syms or core.inside_function() or core.executing_eagerly():
        values = [_arr(t) for t in flat]
        return Dataset(lambda: elements(values), kind)
    consts = [None if _symbolic(t) else _arr(t) for t in flat]
    shapes = []
    for t, c in zip(flat, consts):
        dims = list(c.shape) if c is not None else t.shape.as_list() if t.shape.ndims is not None else None
        shapes.append(None if dims is None else dims[1:] if sliced else dims)

    def gen():
        try:
            values = [np.asarray(_BOUND[id(t)]) if _symbolic(t) else c for t, c in zip(flat, consts)]
        except KeyError:
            raise core.UnsupportedSymbolError("tf.data.Dataset from symbolic tensors without an initializable "
                                              "iterator") from None
        return elements(values)
    return Dataset(gen, kind, syms, shapes)


def _first(ds):
    """The first element of `ds` (its structure and dtypes); a dataset of symbolic tensors
    reads zeros of their static shapes (an unknown dimension as 1)."""
    if not ds._inputs:
        return next(iter(ds._gen()))
    saved = dict(_BOUND)
    for t in ds._inputs:
        dims = t.shape.as_list() if t.shape.ndims is not None else []
        _BOUND[id(t)] = np.zeros([1 if d is None else d for d in dims], dtype=t.dtype.as_numpy_dtype)
    try:
        return next(iter(ds._gen()))
    finally:
        _BOUND.clear()
        _BOUND.update(saved)


def _arr(t):
    v = _val(t)
    return v if isinstance(v, np.ndarray) else core._infer_np(v, None)[0]


def _val(t):
    if isinstance(t, core.EagerTensor):
        return t._numpy()
    if isinstance(t, core.Tensor):
        raise core.UnsupportedSymbolError("tf.data.Dataset from symbolic tensors")
    return t


def _stack(elems):
    return nest.map_structure(lambda *xs: np.stack([np.asarray(x) for x in xs]), *elems)


class Iterator:
    def __init__(self, ds, initializable):
        if ds._inputs and not initializable:
            raise core.UnsupportedSymbolError("a one-shot iterator over a tf.data.Dataset from symbolic tensors")
        self._ds = ds
        self._it = None if initializable else ds._gen()
        first = _first(ds)
        self._struct = first
        self._dtypes = [core._infer_np(x, None)[1] if not isinstance(x, np.ndarray) else core.as_dtype(x.dtype) if x.dtype.kind not in "OUS" else core.string
                        for x in nest.flatten(first)]
        self._shapes = ds._shapes  # (known for a dataset of symbolic tensors)
        self.initializer = None
        if initializable:
            def reset(vals):
                for t, v in zip(ds._inputs, vals):
                    _BOUND[id(t)] = v
                self._it = ds._gen()
                return []
            self.initializer = script_ops.host_call(reset, list(ds._inputs), [], "MakeIterator")

    def get_next(self, name=None):
        def nxt(vals):
            if self._it is None:
                raise __import__("_tfrt").StatusError(9, "GetNext() failed because the iterator has not been initialized. "
                                                         "Ensure that you have run the initializer operation for this iterator "
                                                         "before getting the next element.")
            try:
                e = next(self._it)
            except StopIteration:
                raise __import__("_tfrt").StatusError(11, "End of sequence")
            return [np.asarray(x) for x in nest.flatten(e)]
        outs = script_ops.host_call(nxt, [], self._dtypes, name or "IteratorGetNext")
        for o, s in zip(outs, self._shapes or []):
            if s is not None:
                o.set_shape(s)
        return nest.pack_sequence_as(self._struct, outs)


def _require_dataset(ds):
    # tf.compat.v1.data.make_*_iterator wrap anything that is not a dataset in
    # DatasetV1Adapter, whose constructor fails on the missing variant tensor.
    if not isinstance(ds, Dataset):
        raise AttributeError("'%s' object has no attribute '_variant_tensor'" % type(ds).__name__)


def make_one_shot_iterator(ds):
    _require_dataset(ds)
    return ds.make_one_shot_iterator()


def make_initializable_iterator(ds, shared_name=None):
    _require_dataset(ds)
    return ds.make_initializable_iterator()

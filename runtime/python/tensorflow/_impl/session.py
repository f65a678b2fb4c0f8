"""tf.Session / InteractiveSession: fetch structures, feed_dict by tensor or name, default
session stack, close. Runs the C++ Session (pruned subgraph, cached plan per signature)."""
import contextlib

import numpy as np

import _tfrt
from . import core, queues, sparse_ops


class _FetchMapper:
    """Flattens a nested fetch structure into graph elements and rebuilds the results."""

    def __init__(self, graph, fetches):
        self.graph = graph
        self.elements = []

        def build(f):
            if f is None:
                raise TypeError("Fetch argument None has invalid type <class 'NoneType'>")
            if isinstance(f, (list, tuple)):
                subs = [build(x) for x in f]
                if hasattr(f, "_fields"):
                    return lambda vals: type(f)(*[s(vals) for s in subs])
                return lambda vals: type(f)(s(vals) for s in subs) if isinstance(f, tuple) else [s(vals) for s in subs]
            if isinstance(f, dict):
                subs = {k: build(v) for k, v in f.items()}
                return lambda vals: type(f)((k, s(vals)) for k, s in subs.items())
            if isinstance(f, sparse_ops.SparseTensor):   # fetched as a SparseTensorValue
                parts = [build(t) for t in (f.indices, f.values, f.dense_shape)]
                return lambda vals: sparse_ops.SparseTensorValue(*[p(vals) for p in parts])
            el = self._element(f)
            idx = len(self.elements)
            self.elements.append(el)
            return lambda vals: vals[idx]
        self.rebuild = build(fetches)

    def _element(self, f):
        try:
            el = self.graph.as_graph_element(f)
        except KeyError as e:
            raise ValueError(str(e).strip('"')) from None
        if hasattr(el, "_as_graph_element") and not isinstance(el, (core.Tensor, core.Operation)):
            el = el._as_graph_element()
        if isinstance(el, core.EagerTensor) or not isinstance(el, (core.Tensor, core.Operation)):
            raise TypeError("Fetch argument %r has invalid type %r, must be a string or Tensor. (Can not convert "
                            "a %s into a Tensor or Operation.)" % (f, type(f), type(f).__name__))
        if el.graph is not self.graph:
            raise ValueError("Fetch argument %r cannot be interpreted as a Tensor. (Tensor %s is not an element "
                             "of this graph.)" % (f, el))
        return el


_threads_fixed = [False]


class BaseSession:
    def __init__(self, target="", graph=None, config=None):
        if not _threads_fixed[0]:
            # TF sizes its intra-op thread pool once, from the process's first session;
            # kernels that split work across threads (Multinomial) depend on that count
            _threads_fixed[0] = True
            n = getattr(config, "intra_op_parallelism_threads", None) if config is not None else None
            _tfrt.set_intra_op_threads(int(n) if isinstance(n, int) and n > 0 else 0)
        self._graph = graph or core.get_default_graph()
        self._rt = _tfrt.Session(self._graph._rt)
        self._closed = False
        self._ctx = []

    graph = property(lambda self: self._graph)
    graph_def = property(lambda self: self._graph.as_graph_def())

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        mapper = _FetchMapper(self._graph, fetches)
        feeds = []
        fed = {}   # a fetched tensor that is also fed: TF returns the fed array itself
        for k, v in (feed_dict or {}).items():
            t = self._graph.as_graph_element(k) if isinstance(k, str) else k
            if hasattr(t, "_as_graph_element") and not isinstance(t, core.Tensor):
                t = t._as_graph_element()
            if not isinstance(t, core.Tensor):
                raise TypeError("The value of a feed cannot be a tf.Tensor object. Acceptable feed values "
                                "include Python scalars, strings, lists, numpy ndarrays, or TensorHandles.")
            if isinstance(v, core.Tensor):
                raise TypeError("The value of a feed cannot be a tf.Tensor object. Acceptable feed values include "
                                "Python scalars, strings, lists, numpy ndarrays, or TensorHandles. For reference, "
                                "the tensor object was %s which was passed to the argument `feed_dict` with key %s." % (v, t))
            dt = t.dtype if t.dtype != core.resource else core.string
            arr = np.asarray(v, dtype=dt.as_numpy_dtype if dt.name != "string" else object)
            if not t.shape.is_compatible_with(arr.shape):
                raise ValueError("Cannot feed value of shape %r for Tensor %s, which has shape %r"
                                 % (tuple(arr.shape), t.name, core._shape_str(t.shape)))
            feeds.append((t.op._id, t.value_index, core._rt_from_np(arr, dt)))
            fed[(t.op._id, t.value_index)] = arr
        fetch_ids, targets, slots = [], [], []
        for el in mapper.elements:
            if isinstance(el, core.Operation):
                targets.append(el._id)
                slots.append(None)
            else:
                slots.append(len(fetch_ids))
                fetch_ids.append((el.op._id, el.value_index))
        try:
            with queues.running(self):
                outs = self._rt.run(feeds, fetch_ids, targets)
        except _tfrt.StatusError as e:
            core.raise_status(e)
        vals = []
        for s, el in zip(slots, mapper.elements):
            if s is None:
                vals.append(None)
            elif (el.op._id, el.value_index) in fed:
                vals.append(fed[(el.op._id, el.value_index)])
            else:
                a = core._np_from_rt(outs[s])
                vals.append(a if a.ndim else a[()])
        return mapper.rebuild(vals)

    def _run_targets(self, ops):
        """Runs operations for the runtime itself (a queue runner's enqueue), outside the
        program's recorded session runs."""
        try:
            with queues.running(self):
                self._rt.run([], [], [op._id for op in ops])
        except _tfrt.StatusError as e:
            core.raise_status(e)

    def close(self):
        self._closed = True

    def as_default(self):
        @contextlib.contextmanager
        def cm():
            core._default_sessions.append(self)
            try:
                with self._graph.as_default():
                    yield self
            finally:
                core._default_sessions.remove(self)
        return cm()

    def __enter__(self):
        cm = self.as_default()
        cm.__enter__()
        self._ctx.append(cm)
        return self

    def __exit__(self, *exc):
        self._ctx.pop().__exit__(*exc)
        self.close()
        return False

    def list_devices(self):
        return []

    def make_callable(self, fetches, feed_list=None):
        return lambda *args: self.run(fetches, dict(zip(feed_list or [], args)))


class Session(BaseSession):
    def __init__(self, target="", graph=None, config=None):
        if core.executing_eagerly():
            raise RuntimeError("The Session graph is empty. Add operations to the graph before calling run().")
        super().__init__(target, graph, config)


class InteractiveSession(BaseSession):
    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, config)
        core._default_sessions.append(self)
        self._graph_cm = self._graph.as_default()
        self._graph_cm.__enter__()

    def close(self):
        if not self._closed and self in core._default_sessions:
            core._default_sessions.remove(self)
            self._graph_cm.__exit__(None, None, None)
        super().close()

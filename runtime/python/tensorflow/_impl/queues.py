"""TF1 queue input pipelines: tf.FIFOQueue, tf.train.QueueRunner / add_queue_runner /
start_queue_runners, tf.train.Coordinator, the producers (string_input_producer,
range_input_producer, slice_input_producer, input_producer, limit_epochs) and tf.train.batch.

A queue's contents belong to a session, as a TensorFlow queue resource does. TensorFlow fills
queues from runner threads that run the enqueue ops ahead of the consumer; here a runner is
pulled instead: when a dequeue finds too few elements, the session runs the enqueue ops of the
queue's started runners (round robin, as one thread per op would) until there are enough, or
until every runner stopped on OutOfRange, which closes the queue (TensorFlow's QueueRunner
closes it when its last thread ends). With one runner thread, which is what makes a TF1
pipeline's order reproducible, the elements and their order are TensorFlow's; what runs ahead
differs (TensorFlow's threads may have read further). A dequeue that no runner can serve on
an open queue would wait forever in TensorFlow: here it is an error saying so.
RandomShuffleQueue draws at random (its order is never TensorFlow's); shuffle_batch is not
here."""
import collections
import threading

import numpy as np

import _tfrt
from . import array_ops, core, math_ops, random_ops, script_ops
from .core import convert_to_tensor as _t

QUEUE_RUNNERS = "queue_runners"

_running = threading.local()   # the sessions whose run is executing (innermost last)


def running_session():
    stack = getattr(_running, "stack", None)
    if not stack:
        raise _tfrt.StatusError(9, "a queue op ran outside a session run")
    return stack[-1]


class running:
    """`with running(session):` around a session's C++ run (session.py)."""

    def __init__(self, session):
        self.session = session

    def __enter__(self):
        if not hasattr(_running, "stack"):
            _running.stack = []
        _running.stack.append(self.session)

    def __exit__(self, *exc):
        _running.stack.pop()
        return False


def _out_of_range(message):
    return _tfrt.StatusError(11, message)


class _State:
    """One queue in one session."""

    def __init__(self):
        self.items = collections.deque()
        self.closed = False
        self.cancelled = False


class QueueBase:
    _kind = "FIFOQueue"
    _default_name = "fifo_queue"
    _partial_shapes = False    # PaddingFIFOQueue: unknown dimensions allowed, padded on dequeue_many

    def __init__(self, capacity, dtypes, shapes=None, names=None, shared_name=None, name=None):
        if core.executing_eagerly():
            raise core.UnsupportedSymbolError("tf.queue.%s in eager mode" % self._kind)
        single = not isinstance(dtypes, (list, tuple))
        self._dtypes = [core.as_dtype(d) for d in ([dtypes] if single else dtypes)]
        if shapes is not None:
            # TensorFlow's _as_shape_list: one shape given as a TensorShape or a list of
            # ints (also `()`, a scalar) is the shape of the only component
            if isinstance(shapes, core.TensorShape) or all(d is None or isinstance(d, int) for d in shapes):
                shapes = [shapes]
            shapes = list(shapes)
            if len(shapes) != len(self._dtypes):
                raise ValueError("Queue shapes must have the same length as dtypes")
            self._shapes = [core.TensorShape(s) for s in shapes]
        else:
            self._shapes = [core.TensorShape(None) for _ in self._dtypes]
        if shapes is not None and not self._partial_shapes and not all(s.is_fully_defined() for s in self._shapes):
            raise ValueError("All shapes must be fully defined: %s" % self._shapes)
        if self._partial_shapes and (shapes is None or any(s.ndims is None for s in self._shapes)):
            raise ValueError("Shapes must be provided with a known rank for a %s" % self._kind)
        self._names = list(names) if names is not None else None
        self._capacity = capacity
        g = core.get_default_graph()
        self._graph = g
        # the queue's handle in the graph: a string constant carrying the queue's (unique) name
        self._ref = array_ops.constant("queue", name=name or self._default_name)
        self._name = self._ref.op.name
        self._states = {}
        self._runners = []

    name = property(lambda self: self._name)
    dtypes = property(lambda self: list(self._dtypes))
    shapes = property(lambda self: list(self._shapes))
    names = property(lambda self: self._names)
    queue_ref = property(lambda self: self._ref)

    def _state(self, session):
        return self._states.setdefault(id(session), _State())

    def _flat(self, vals):
        if isinstance(vals, dict):
            if self._names is None:
                raise ValueError("Queue must have names to enqueue a dictionary")
            vals = [vals[n] for n in self._names]
        elif not isinstance(vals, (list, tuple)):
            vals = [vals]
        if len(vals) != len(self._dtypes):
            raise ValueError("Expected %d components, got %d" % (len(self._dtypes), len(vals)))
        return [_t(v, dtype=d) for v, d in zip(vals, self._dtypes)]

    def _check_shapes(self, arrays, many):
        for a, s in zip(arrays, self._shapes):
            shape = a.shape[1:] if many else a.shape
            if s.ndims is not None and not s.is_compatible_with(shape):
                raise _tfrt.StatusError(3, "Shape mismatch in tuple component 0. Expected %s, got %s"
                                        % (s.as_list(), list(shape)))

    def _enqueue_op(self, vals, many, name):
        """One enqueue node: each run appends one element (or, `many`, the slices along the
        first dimension) to the running session's queue."""
        g = core.get_default_graph()
        with g.name_scope(name) as scope:
            tensors = self._flat(vals)

            def run(arrays):
                st = self._state(running_session())
                if st.closed:
                    raise _tfrt.StatusError(1, "%s '%s' is closed." % (self._kind, self._name))
                arrays = [np.asarray(a) for a in arrays]
                self._check_shapes(arrays, many)
                if not many:
                    st.items.append(tuple(arrays))
                else:
                    for i in range(arrays[0].shape[0] if arrays[0].ndim else 0):
                        st.items.append(tuple(a[i] for a in arrays))
                return []
            return script_ops.host_call(run, tensors, [], scope)

    def enqueue(self, vals, name=None):
        return self._enqueue_op(vals, False, name or "%s_enqueue" % self._name)

    def enqueue_many(self, vals, name=None):
        return self._enqueue_op(vals, True, name or "%s_EnqueueMany" % self._name)

    def _take(self, n, up_to):
        session = running_session()
        st = self._state(session)
        while len(st.items) < n and not st.closed:
            if not self._pull(session, st):
                raise _tfrt.StatusError(
                    9, "%s '%s' has %d of the %d elements requested and no started queue runner fills it "
                    "(TensorFlow would wait here forever; call tf.train.start_queue_runners)"
                    % (self._kind, self._name, len(st.items), n))
        if len(st.items) < n and (not up_to or not st.items):
            raise _out_of_range("%s '%s' is closed and has insufficient elements (requested %d, current size %d)"
                                % (self._kind, "_0_" + self._name, n, len(st.items)))
        k = min(n, len(st.items))
        return [st.items.popleft() for _ in range(k)]

    def _pull(self, session, st):
        """Runs one enqueue op of a started runner; False when none is left."""
        live = [r for r in self._runners if r._started(session) and not r._done(session)]
        if not live:
            return False
        r = live[0]
        r._step(session)
        return True

    def _dequeue(self, n, many, up_to, name, default):
        g = core.get_default_graph()
        with g.name_scope(name or "%s_%s" % (self._name, default)) as scope:
            count = n if isinstance(n, int) else None
            n_t = None if count is not None else _t(n, dtype=core.int32)

            def run(vals):
                if many and any(s.ndims is None for s in self._shapes):
                    raise _tfrt.StatusError(3, "%s's DequeueMany and DequeueUpTo require the components to have "
                                               "specified shapes." % self._kind)
                want = count if count is not None else int(vals[0])
                items = self._take(want if many else 1, up_to)
                if not many:
                    return [np.asarray(a) for a in items[0]]
                return [self._batch([it[i] for it in items], i) for i in range(len(self._dtypes))]
            outs = script_ops.host_call(run, [n_t] if n_t is not None else [], self._dtypes, scope)
            outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
            for o, s in zip(outs, self._shapes):
                if s.ndims is not None:
                    o.set_shape(([None if up_to else count] + s.as_list()) if many else s.as_list())
        if self._names is not None:
            return dict(zip(self._names, outs))
        return outs[0] if len(outs) == 1 else outs

    def _batch(self, parts, i):
        dt = self._dtypes[i]
        np_dt = object if dt == core.string else dt.as_numpy_dtype
        if not parts:
            dims = [0 if d is None else d for d in (self._shapes[i].as_list() if self._shapes[i].ndims else [])]
            return np.zeros([0] + dims, dtype=np_dt)
        if self._partial_shapes:
            # PaddingFIFOQueue: every element padded to the largest size in each dimension
            # (zeros, empty strings for strings)
            parts = [np.asarray(p) for p in parts]
            top = [max(p.shape[d] for p in parts) for d in range(parts[0].ndim)]
            out = np.full([len(parts)] + top, b"" if dt == core.string else 0, dtype=np_dt)
            for k, p in enumerate(parts):
                out[(k,) + tuple(slice(0, n) for n in p.shape)] = p
            return out
        return np.stack(parts)

    def dequeue(self, name=None):
        return self._dequeue(1, False, False, name, "Dequeue")

    def dequeue_many(self, n, name=None):
        return self._dequeue(n, True, False, name, "DequeueMany")

    def dequeue_up_to(self, n, name=None):
        return self._dequeue(n, True, True, name, "DequeueUpTo")

    def size(self, name=None):
        def run(vals):
            return [np.int32(len(self._state(running_session()).items))]
        return script_ops.host_call(run, [], [core.int32], name or "%s_Size" % self._name)[0]

    def close(self, cancel_pending_enqueues=False, name=None):
        def run(vals):
            st = self._state(running_session())
            st.closed = True
            st.cancelled = st.cancelled or cancel_pending_enqueues
            return []
        return script_ops.host_call(run, [], [], name or "%s_Close" % self._name)

    def is_closed(self, name=None):
        def run(vals):
            return [np.bool_(self._state(running_session()).closed)]
        return script_ops.host_call(run, [], [core.bool_], name or "%s_IsClosed" % self._name)[0]


class FIFOQueue(QueueBase):
    """tf.queue.FIFOQueue."""


class RandomShuffleQueue(QueueBase):
    """tf.queue.RandomShuffleQueue: a dequeue takes elements at random once more than
    min_after_dequeue are held (after the closing, whatever is left): here it pulls the
    started runners until the queue holds the elements requested plus min_after_dequeue, then
    swaps a random element with the last and takes it, once per element, as TensorFlow's
    kernel does. The generator is the queue's in each session, seeded from the op seed and the
    graph seed (tf.random.set_random_seed) as TensorFlow seeds it, or at random when neither
    is set; the numbers are not TensorFlow's, so neither is the order."""
    _kind = "RandomShuffleQueue"
    _default_name = "random_shuffle_queue"

    def __init__(self, capacity, min_after_dequeue, dtypes, shapes=None, names=None, seed=None, shared_name=None,
                 name="random_shuffle_queue"):
        from . import random_seed
        super().__init__(capacity, dtypes, shapes, names, shared_name, name)
        self._min_after_dequeue = int(min_after_dequeue)
        self._seeds = random_seed.get_seed(seed)

    min_after_dequeue = property(lambda self: self._min_after_dequeue)

    def _state(self, session):
        st = self._states.get(id(session))
        if st is None:
            st = self._states[id(session)] = _State()
            s1, s2 = self._seeds
            st.rng = np.random.RandomState([s1, s2]) if (s1, s2) != (0, 0) else np.random.RandomState()
        return st

    def _take(self, n, up_to):
        session = running_session()
        st = self._state(session)
        while len(st.items) < n + self._min_after_dequeue and not st.closed:
            if not self._pull(session, st):
                raise _tfrt.StatusError(
                    9, "%s '%s' has %d elements, fewer than the %d requested plus min_after_dequeue %d, and no "
                    "started queue runner fills it (TensorFlow would wait here forever; call "
                    "tf.train.start_queue_runners)" % (self._kind, self._name, len(st.items), n,
                                                       self._min_after_dequeue))
        if len(st.items) < n and (not up_to or not st.items):
            raise _out_of_range("%s '%s' is closed and has insufficient elements (requested %d, current size %d)"
                                % (self._kind, "_0_" + self._name, n, len(st.items)))
        out = []
        for _ in range(min(n, len(st.items))):
            i = int(st.rng.randint(len(st.items)))
            st.items[i], st.items[-1] = st.items[-1], st.items[i]
            out.append(st.items.pop())
        return out


class PaddingFIFOQueue(QueueBase):
    """tf.queue.PaddingFIFOQueue: shapes may leave dimensions unknown; dequeue_many pads."""
    _kind = "PaddingFIFOQueue"
    _default_name = "padding_fifo_queue"
    _partial_shapes = True


# ---------------------------------------------------------------------------- runners
class QueueRunner:
    """tf.train.QueueRunner: the enqueue ops that fill a queue, pulled by its dequeues."""

    def __init__(self, queue=None, enqueue_ops=None, close_op=None, cancel_op=None,
                 queue_closed_exception_types=None, queue_runner_def=None, import_scope=None):
        if queue_runner_def is not None:
            raise core.UnsupportedSymbolError("tf.train.QueueRunner(queue_runner_def=)")
        self._queue = queue
        self._enqueue_ops = list(enqueue_ops or [])
        self._sessions = {}   # id(session) -> {"done": set of op indexes, "next": int, "session": s}
        queue._runners.append(self)

    queue = property(lambda self: self._queue)
    enqueue_ops = property(lambda self: list(self._enqueue_ops))
    name = property(lambda self: self._queue.name)

    def _started(self, session):
        return id(session) in self._sessions

    def _done(self, session):
        s = self._sessions.get(id(session))
        return s is None or len(s["done"]) == len(self._enqueue_ops)

    def _step(self, session):
        s = self._sessions[id(session)]
        n = len(self._enqueue_ops)
        for _ in range(n):
            i = s["next"]
            s["next"] = (i + 1) % n
            if i in s["done"]:
                continue
            try:
                session._run_targets([self._enqueue_ops[i]])
            except core.OutOfRangeError:
                s["done"].add(i)
                if len(s["done"]) == n:
                    self._queue._state(session).closed = True
            except core._BY_CODE[1]:   # CancelledError: the queue was closed
                s["done"].add(i)
            return

    def create_threads(self, sess, coord=None, daemon=False, start=False):
        if id(sess) not in self._sessions:
            self._sessions[id(sess)] = {"done": set(), "next": 0, "session": sess}
        return [_PulledThread(self.name) for _ in self._enqueue_ops]


class _PulledThread:
    """What start_queue_runners returns for one enqueue op: a thread-like object whose work
    is done when a dequeue pulls it (join returns at once)."""

    def __init__(self, name):
        self.name = name
        self.daemon = True

    def is_alive(self):
        return False

    def join(self, timeout=None):
        return None

    def start(self):
        return None


def add_queue_runner(qr, collection=QUEUE_RUNNERS):
    core.get_default_graph().add_to_collection(collection, qr)


def start_queue_runners(sess=None, coord=None, daemon=True, start=True, collection=QUEUE_RUNNERS):
    sess = sess or core.get_default_session()
    if sess is None:
        raise ValueError("Cannot start queue runners: No default session is registered. Use `with "
                         "sess.as_default()` or pass an explicit session to tf.start_queue_runners(sess=sess)")
    threads = []
    for qr in sess.graph.get_collection(collection):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=daemon, start=start))
    return threads


class Coordinator:
    """tf.train.Coordinator: the stop flag and the first exception a thread reported."""

    def __init__(self, clean_stop_exception_types=None):
        self._stop = threading.Event()
        self._exc_info = None
        self._joined = False
        self._clean = tuple(clean_stop_exception_types) if clean_stop_exception_types is not None else (
            core.OutOfRangeError,)
        self._threads = []

    def should_stop(self):
        return self._stop.is_set()

    def request_stop(self, ex=None):
        if ex is not None and self._exc_info is None:
            if isinstance(ex, tuple):
                ex = ex[1]
            if not isinstance(ex, self._clean):
                self._exc_info = ex
        self._stop.set()

    def clear_stop(self):
        self._stop.clear()
        self._exc_info = None
        self._joined = False

    def wait_for_stop(self, timeout=None):
        return self._stop.wait(timeout)

    def register_thread(self, thread):
        self._threads.append(thread)

    def stop_on_exception(self):
        coord = self

        class _Ctx:
            def __enter__(self):
                return None

            def __exit__(self, t, v, tb):
                if v is not None:
                    coord.request_stop(v)
                return True
        return _Ctx()

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        self._joined = True
        if self._exc_info is not None:
            raise self._exc_info

    def raise_requested_exception(self):
        if self._exc_info is not None:
            raise self._exc_info

    @property
    def joined(self):
        return self._joined


# ---------------------------------------------------------------------------- producers
def limit_epochs(tensor, num_epochs=None, name=None):
    """The tensor, num_epochs times; then OutOfRangeError ("Reached limit of N"). The count
    is a local variable named `epochs`, as TensorFlow's (local_variables_initializer resets it)."""
    if num_epochs is None:
        return tensor
    if num_epochs <= 0:
        raise ValueError("num_epochs must be > 0 not %d." % num_epochs)
    from . import control_flow_ops, variables
    g = core.get_default_graph()
    with g.name_scope(name or "limit_epochs") as scope:
        counter = variables.Variable(np.int64(0), name="epochs", trainable=False,
                                     collections=[variables.LOCAL_VARIABLES])
        limit = int(num_epochs)
        count = counter.count_up_to(limit)
        with control_flow_ops.control_dependencies([count]):
            return array_ops.identity(_t(tensor), name=scope)


def input_producer(input_tensor, element_shape=None, num_epochs=None, shuffle=True, seed=None, capacity=32,
                   shared_name=None, summary_name=None, name=None, cancel_op=None):
    from . import summary
    g = core.get_default_graph()
    with g.name_scope(name or "input_producer"):
        input_tensor = _t(input_tensor, name="input_tensor")
        element_shape = core.TensorShape(element_shape) if element_shape is not None else \
            core.TensorShape(input_tensor.shape.as_list()[1:] if input_tensor.shape.ndims else None)
        input_tensor = limit_epochs(input_tensor, num_epochs)
        if shuffle:
            input_tensor = random_ops.random_shuffle(input_tensor, seed=seed)
        q = FIFOQueue(capacity=capacity, dtypes=[input_tensor.dtype.base_dtype], shapes=[element_shape],
                      shared_name=shared_name, name=None)
        enq = q.enqueue_many([input_tensor])
        add_queue_runner(QueueRunner(q, [enq], cancel_op=cancel_op))
        if summary_name is not None:
            summary._summary("ScalarSummary")(summary_name, math_ops.multiply(
                array_ops.cast(q.size(), core.float32), _t(1.0 / capacity)))
        return q


def string_input_producer(string_tensor, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                          name=None, cancel_op=None):
    g = core.get_default_graph()
    with g.name_scope(name or "input_producer") as scope:
        string_tensor = _t(string_tensor, dtype=core.string)
        return input_producer(string_tensor, [], num_epochs, shuffle, seed, capacity, shared_name,
                              "fraction_of_%d_full" % capacity, scope, cancel_op)


def range_input_producer(limit, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                         name=None):
    g = core.get_default_graph()
    with g.name_scope(name or "input_producer") as scope:
        rng = math_ops.range(_t(limit, dtype=core.int32))
        return input_producer(rng, [], num_epochs, shuffle, seed, capacity, shared_name,
                              "fraction_of_%d_full" % capacity, scope)


def slice_input_producer(tensor_list, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                         name=None):
    g = core.get_default_graph()
    with g.name_scope(name or "input_producer"):
        tensors = [_t(t) for t in tensor_list]
        if not tensors:
            raise ValueError("Expected at least one tensor in slice_input_producer().")
        n = array_ops.shape(tensors[0])[0]
        q = range_input_producer(n, num_epochs, shuffle, seed, capacity, shared_name)
        index = q.dequeue()
        return [array_ops.gather(t, index) for t in tensors]


def batch(tensors, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None, dynamic_pad=False,
          allow_smaller_final_batch=False, shared_name=None, name=None):
    """tf.train.batch: a FIFOQueue filled by `num_threads` enqueue ops, read batch_size at a
    time (fewer at the end with allow_smaller_final_batch)."""
    from . import nest, summary
    g = core.get_default_graph()
    with g.name_scope(name or "batch"):
        flat = [_t(t) for t in nest.flatten(tensors)]
        if shapes is None:
            for t in flat:
                if t.shape.ndims is None:
                    raise ValueError("Cannot infer Tensor's rank: %s" % t)
            shapes = [core.TensorShape(t.shape.as_list()[1:] if enqueue_many else t.shape.as_list()) for t in flat]
        q = (PaddingFIFOQueue if dynamic_pad else FIFOQueue)(capacity=capacity, dtypes=[t.dtype.base_dtype for t in flat], shapes=shapes,
                      shared_name=shared_name)
        enqueue = q.enqueue_many if enqueue_many else q.enqueue
        ops = [enqueue(flat) for _ in range(num_threads)]
        add_queue_runner(QueueRunner(q, ops))
        summary._summary("ScalarSummary")("fraction_of_%d_full" % capacity, math_ops.multiply(
            array_ops.cast(q.size(), core.float32), _t(1.0 / capacity)))
        out = q.dequeue_up_to(batch_size) if allow_smaller_final_batch else q.dequeue_many(batch_size)
        out = out if isinstance(out, list) else [out]
        return nest.pack_sequence_as(tensors, out)


# ---------------------------------------------------------------------------- readers
class ReaderBase:
    """tf.ReaderBase: read(queue) takes file names from `queue` as it needs them (in the
    session that runs it) and returns (key, value) string scalars, one record per run; the
    position in the current file belongs to the session, as a reader resource does."""
    _default_name = "Reader"

    def __init__(self, reader_ref=None, supports_serialize=False, name=None):
        if core.executing_eagerly():
            raise RuntimeError("Readers are not supported when eager execution is enabled. Instead, please use "
                               "tf.data to get data into your model.")
        self._ref = array_ops.constant("reader", name=name or self._default_name)
        self._name = self._ref.op.name
        self._states = {}

    reader_ref = property(lambda self: self._ref)
    supports_serialize = property(lambda self: False)

    def _records(self, filename):
        raise NotImplementedError

    def _state(self, session):
        return self._states.setdefault(id(session), {"records": [], "pos": 0, "produced": 0, "files": 0})

    def _next(self, queue):
        session = running_session()
        st = self._state(session)
        while st["pos"] >= len(st["records"]):
            (fname,) = queue._take(1, False)[0]
            fname = fname.item() if hasattr(fname, "item") else fname
            fname = fname.decode() if isinstance(fname, bytes) else str(fname)
            try:
                with open(fname, "rb") as fh:
                    data = fh.read()
            except OSError:
                raise _tfrt.StatusError(5, "%s; No such file or directory" % fname) from None
            st["records"] = self._records(fname, data)
            st["pos"] = 0
            st["files"] += 1
        key, value = st["records"][st["pos"]]
        if key is None:    # a record the reader could not read (TFRecordReader): its error
            raise value
        st["pos"] += 1
        st["produced"] += 1
        return key, value

    def read(self, queue, name=None):
        queue = queue if isinstance(queue, QueueBase) else None
        if queue is None:
            raise core.UnsupportedSymbolError("tf.ReaderBase.read from a queue handle")

        def run(vals):
            key, value = self._next(queue)
            return [np.array(key.encode(), dtype=object), np.array(value, dtype=object)]
        key, value = script_ops.host_call(run, [], [core.string, core.string], name or "%s_ReaderReadV2" % self._name)
        key.set_shape([])
        value.set_shape([])
        return key, value

    def read_up_to(self, queue, num_records, name=None):
        def run(vals):
            keys, values = [], []
            for _ in range(int(vals[0])):
                try:
                    k, v = self._next(queue)
                except _tfrt.StatusError as e:
                    if e.args[0] == 11 and keys:
                        break
                    raise
                keys.append(k.encode())
                values.append(v)
                st = self._state(running_session())
                if st["pos"] >= len(st["records"]):
                    break   # TensorFlow's ReadUpTo returns at the end of a file once it has records
            return [np.array(keys, dtype=object), np.array(values, dtype=object)]
        keys, values = script_ops.host_call(run, [_t(num_records, dtype=core.int64)], [core.string, core.string],
                                            name or "%s_ReaderReadUpToV2" % self._name)
        keys.set_shape([None])
        values.set_shape([None])
        return keys, values

    def num_records_produced(self, name=None):
        def run(vals):
            return [np.int64(self._state(running_session())["produced"])]
        return script_ops.host_call(run, [], [core.int64], name or "%s_NumRecordsProduced" % self._name)[0]

    def num_work_units_completed(self, name=None):
        def run(vals):
            return [np.int64(self._state(running_session())["files"])]
        return script_ops.host_call(run, [], [core.int64], name or "%s_NumWorkUnitsCompleted" % self._name)[0]

    def reset(self, name=None):
        def run(vals):
            self._states.pop(id(running_session()), None)
            return []
        return script_ops.host_call(run, [], [], name or "%s_ReaderReset" % self._name)


class FixedLengthRecordReader(ReaderBase):
    """Records of record_bytes after header_bytes, before footer_bytes (hop_bytes apart when
    given); a short remainder is dropped. Keys "FILE:N"."""
    _default_name = "FixedLengthRecordReaderV2"

    def __init__(self, record_bytes, header_bytes=None, footer_bytes=None, hop_bytes=None, name=None,
                 encoding=None):
        if encoding:
            raise core.UnsupportedSymbolError("tf.FixedLengthRecordReader(encoding=)")
        super().__init__(name=name)
        self._n, self._head = int(record_bytes), int(header_bytes or 0)
        self._foot, self._hop = int(footer_bytes or 0), int(hop_bytes or 0)

    def _records(self, fname, data):
        end = len(data) - self._foot
        step = self._hop or self._n
        out, off, i = [], self._head, 0
        while off + self._n <= end:
            out.append(("%s:%d" % (fname, i), data[off:off + self._n]))
            off += step
            i += 1
        return out


class TextLineReader(ReaderBase):
    """One record per line (without its line end), keys "FILE:LINE" counted from 1 after the
    skipped header lines' numbers."""
    _default_name = "TextLineReaderV2"

    def __init__(self, skip_header_lines=None, name=None):
        super().__init__(name=name)
        self._skip = int(skip_header_lines or 0)

    def _records(self, fname, data):
        lines = data.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        out = []
        for i, line in enumerate(lines, 1):
            if i <= self._skip:
                continue
            out.append(("%s:%d" % (fname, i), line[:-1] if line.endswith(b"\r") else line))
        return out


class TFRecordReader(ReaderBase):
    """The records of TFRecord files (tf_record.records), keyed "FILE:OFFSET" with the byte
    offset of the record's header, as TensorFlow's TFRecordReader keys them. A damaged record
    is DataLossError when the read reaches it."""
    _default_name = "TFRecordReaderV2"

    def __init__(self, name=None, options=None):
        from . import tf_record
        tf_record._options(options)  # (an unknown compression type is refused here, as TF's constructor does)
        super().__init__(name=name)
        self._options = options

    def _records(self, fname, data):
        from . import tf_record
        out = []
        try:
            for off, rec in tf_record.records(tf_record.decompressed(data, self._options, fname)):
                out.append(("%s:%d" % (fname, off), rec))
        except core.OpError as e:
            out.append((None, _tfrt.StatusError(e.error_code, e.message)))
        return out


class WholeFileReader(ReaderBase):
    """The whole file as one record, keyed by its name."""
    _default_name = "WholeFileReaderV2"

    def _records(self, fname, data):
        return [(fname, data)]


def decode_raw(input_bytes=None, out_type=None, little_endian=True, fixed_length=None, name=None, bytes=None):
    """tf.io.decode_raw: each string's bytes as a vector of out_type (one more dimension)."""
    src = _t(input_bytes if input_bytes is not None else bytes, dtype=core.string)
    dt = core.as_dtype(out_type)
    np_dt = np.dtype(dt.as_numpy_dtype).newbyteorder("<" if little_endian else ">")

    def run(vals):
        arr = np.asarray(vals[0], dtype=object)
        rows = [np.frombuffer(bytes_of(s), dtype=np_dt).astype(dt.as_numpy_dtype) for s in arr.reshape(-1)]
        width = {len(r) for r in rows}
        if len(width) > 1:
            raise _tfrt.StatusError(3, "DecodeRaw requires input strings to all be the same size, but element 1 "
                                       "has size %d != %d" % (len(rows[1]), len(rows[0])))
        n = rows[0].size if rows else 0
        return [np.stack(rows).reshape(arr.shape + (n,)) if rows else np.zeros(arr.shape + (0,), dt.as_numpy_dtype)]
    out = script_ops.host_call(run, [src], [dt], name or "DecodeRaw")[0]
    if src.shape.ndims is not None:
        out.set_shape(src.shape.as_list() + [None])
    return out


def bytes_of(s):
    return bytes(s) if isinstance(s, (bytes, bytearray)) else str(s).encode()


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, name=None, na_value="",
               select_cols=None):
    """tf.io.decode_csv: one tensor per column, typed by its default (a one-element list, or
    an empty one for a required column), shaped as `records`."""
    recs = _t(records, dtype=core.string)
    defaults = []
    for d in record_defaults:
        dv = _t(d) if not isinstance(d, core.Tensor) else d
        defaults.append(dv)
    dtypes = [d.dtype.base_dtype for d in defaults]
    default_vals = [core.constant_value(d) for d in defaults]

    def parse_fields(line):
        fields, cur, quoted, i = [], [], False, 0
        text = line
        while i < len(text):
            ch = text[i]
            if use_quote_delim and ch == '"':
                if quoted and i + 1 < len(text) and text[i + 1] == '"':
                    cur.append('"')
                    i += 2
                    continue
                quoted = not quoted
            elif ch == field_delim and not quoted:
                fields.append("".join(cur))
                cur = []
            else:
                cur.append(ch)
            i += 1
        fields.append("".join(cur))
        return fields

    def run(vals):
        arr = np.asarray(vals[0], dtype=object)
        cols = [np.empty(arr.shape, dtype=object if dt == core.string else dt.as_numpy_dtype) for dt in dtypes]
        for idx, rec in np.ndenumerate(arr):
            line = rec.decode() if isinstance(rec, bytes) else str(rec)
            fields = parse_fields(line)
            if select_cols is not None:
                fields = [fields[c] for c in select_cols if c < len(fields)]
            if len(fields) != len(dtypes):
                raise _tfrt.StatusError(3, "Expect %d fields but have %d in record %d"
                                        % (len(dtypes), len(fields), idx[0] if idx else 0))
            for c, (f, dt) in enumerate(zip(fields, dtypes)):
                if f == "" or f == na_value:
                    dv = default_vals[c]
                    if dv is None or np.asarray(dv).size == 0:
                        raise _tfrt.StatusError(3, "Field %d is required but missing in record %d!"
                                                % (c, idx[0] if idx else 0))
                    v = np.asarray(dv).reshape(-1)[0]
                elif dt == core.string:
                    v = f.encode()
                elif dt.is_integer:
                    try:
                        v = int(f)
                    except ValueError:
                        raise _tfrt.StatusError(3, "Field %d in record %d is not a valid int%s: %s"
                                                % (c, idx[0] if idx else 0, dt.name[3:], f)) from None
                else:
                    try:
                        v = float(f)
                    except ValueError:
                        raise _tfrt.StatusError(3, "Field %d in record %d is not a valid float: %s"
                                                % (c, idx[0] if idx else 0, f)) from None
                cols[c][idx] = v
        return cols
    outs = script_ops.host_call(run, [recs], dtypes, name or "DecodeCSV")
    outs = list(outs)
    for o in outs:
        if recs.shape.ndims is not None:
            o.set_shape(recs.shape)
    return outs

"""TF2 tf.summary: create_file_writer's writer (as_default / set_as_default / flush / close),
the default writer, step and record_if state, and scalar, histogram, text and write as
TF 2.21 with TensorBoard writes them. Each write is an `Event` (wall_time, step, summary)
whose one Summary.Value has the tag (the enclosing name scope + "/" + name), a
`TensorProto` (scalars: DT_FLOAT; histograms: the DT_DOUBLE [buckets, 3] (left edge, right
edge, count) tensor; text: DT_STRING; fixed-size values in tensor_content, strings in
string_val) and SummaryMetadata naming its plugin ("scalars", "histograms", "text"), with
the description when one is given. Eagerly a write happens now; inside a tf.function it is a
host callback node (script_ops.host_call, stateful: it runs each time the function runs, in
program order with the function's other stateful ops) that reads the data and step there.
Each write returns True when written, False without a default writer (or when record_if
says no)."""
import contextlib
import os
import struct
import time

import numpy as np

from . import core, events, script_ops, variables


class _State:
    writer = None
    step = None
    record_if = True


_state = _State()

_NO_STEP = ("No step set. Please specify one either through the `step` argument or through "
            "tf.summary.experimental.set_step()")
_SCOPE_CHARS = frozenset("-_/.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_DEFAULT_BUCKETS = 30


# ---------------------------------------------------------------------------- protos
_DT = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "string": 7, "int64": 9,
       "bool": 10, "float16": 19}


def tensor_proto_bytes(arr, dtype_name):
    """A TensorProto (dtype 1, tensor_shape 2 with one dim 2 {size 1} per axis, tensor_content
    4 for fixed-size types, string_val 8 for strings) of the numpy array `arr`."""
    K, L = events._key, events._len_field
    dims = b"".join(L(2, K(1, 0) + events._varint(int(n)) if n else b"") for n in arr.shape)
    out = K(1, 0) + events._varint(_DT[dtype_name]) + L(2, dims)
    if dtype_name == "string":
        for s in arr.reshape(-1):
            out += L(8, s if isinstance(s, bytes) else str(s).encode("utf-8"))
    else:
        content = np.ascontiguousarray(arr, dtype=arr.dtype.newbyteorder("<")).tobytes()
        if content:
            out += L(4, content)
    return out


def metadata_bytes(plugin_name, description=None, content=b""):
    """SummaryMetadata: plugin_data 1 {plugin_name 1, content 2}, summary_description 3."""
    L = events._len_field
    pd = L(1, plugin_name.encode("utf-8")) + (L(2, content) if content else b"")
    return L(1, pd) + (L(3, description.encode("utf-8")) if description else b"")


def _event(tag, tensor, metadata, step):
    value = events._len_field(1, tag.encode("utf-8")) + events._len_field(8, tensor)
    if metadata:
        value += events._len_field(9, metadata)
    return events.event_bytes(time.time(), step=step, summary=events._len_field(1, value))


# ---------------------------------------------------------------------------- the writer
class SummaryWriter(events._EventFile):
    """tf.summary.create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None,
    name=None): TF2's writer, which makes `logdir` and its `events.out.tfevents.<time>.<host>.<pid>.<n>.v2`
    file (starting with the file_version event) when it is created. as_default(step) makes it
    the default writer (and `step` the default step) in a `with` block and flushes it at the
    block's end; set_as_default(step) does so for good."""

    _count = 0

    def __init__(self, logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None):
        SummaryWriter._count += 1
        super().__init__(logdir, ".%d.%d.v2%s" % (os.getpid(), SummaryWriter._count, filename_suffix or ""),
                         source_writer="tensorflow.core.util.events_writer")

    def init(self):
        return None

    def _write_record(self, data):
        if not self._closed:
            self._f.write(events.record(data))

    def set_as_default(self, step=None):
        _state.writer = self
        if step is not None:
            _state.step = step

    @contextlib.contextmanager
    def as_default(self, step=None):
        old_writer, old_step = _state.writer, _state.step
        _state.writer = self
        if step is not None:
            _state.step = step
        try:
            yield self
        finally:
            self.flush()
            _state.writer = old_writer
            if step is not None:
                _state.step = old_step

    def flush(self):
        return _in_program(super().flush, "FlushSummaryWriter")

    def close(self):
        return _in_program(super().close, "CloseSummaryWriter")

    def __del__(self):
        try:
            events._EventFile.close(self)
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


class NoopSummaryWriter:
    """tf.summary.create_noop_writer(): a writer whose writes go nowhere."""

    def set_as_default(self, step=None):
        SummaryWriter.set_as_default(self, step)

    as_default = SummaryWriter.as_default

    def init(self):
        return None

    def flush(self):
        return None

    def close(self):
        return None

    def _write_record(self, data):
        pass


def _in_program(fn, name):
    """`fn()` now when executing eagerly; in a graph, a host callback node that calls it
    each time it runs (the node is returned)."""
    if core.executing_eagerly():
        fn()
        return None

    def run(vals):
        fn()
        return []
    return script_ops.host_call(run, [], [], name)


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None):
    return SummaryWriter(logdir, max_queue, flush_millis, filename_suffix, name)


def create_noop_writer():
    return NoopSummaryWriter()


def flush(writer=None, name=None):
    """tf.summary.flush: flushes `writer` (the default writer when None)."""
    writer = writer if writer is not None else _state.writer
    if writer is None:
        return None
    return writer.flush()


# ---------------------------------------------------------------------------- step and record_if
def set_step(step):
    _state.step = step


def get_step():
    return _state.step


@contextlib.contextmanager
def record_if(condition):
    """tf.summary.record_if: writes record only while `condition` (a bool, a boolean tensor
    or a callable returning one) holds."""
    old = _state.record_if
    _state.record_if = condition
    try:
        yield
    finally:
        _state.record_if = old


def _record_condition():
    """The record_if condition now: a Python bool, or a boolean tensor read when the write runs."""
    cond = _state.record_if
    if callable(cond) and not isinstance(cond, core.Tensor):
        cond = cond()
    if hasattr(cond, "_as_tensor") and not isinstance(cond, core.Tensor):
        cond = core.convert_to_tensor(cond)
    if isinstance(cond, core.Tensor):
        if isinstance(cond, core.EagerTensor) and core.executing_eagerly():
            return bool(cond._numpy())
        return core.convert_to_tensor(cond)
    return bool(cond)


def should_record_summaries():
    if _state.writer is None:
        return _false()
    cond = _record_condition()
    return cond if isinstance(cond, core.Tensor) else _bool(cond)


# ---------------------------------------------------------------------------- writes
def _bool(v):
    return core.constant_value_tensor(bool(v), core.bool_)


def _false():
    return _bool(False)


def _name_scope():
    if core.executing_eagerly():
        return variables._eager_scope[0]
    return core.get_default_graph().get_name_scope()


@contextlib.contextmanager
def summary_scope(name, default_name=None, values=None):
    """tf.summary.experimental.summary_scope: (tag, scope); the tag is the enclosing name
    scope + "/" + name, not made unique (a graph's name scope for the ops is)."""
    name = name or default_name
    current = _name_scope()
    tag = current + "/" + name if current else name
    clean = "".join(c for c in name if c in _SCOPE_CHARS) or default_name
    if core.executing_eagerly():
        yield tag, (tag + "/")
    else:
        with core.get_default_graph().name_scope(clean) as scope:
            yield tag, scope


def _step_value(step):
    if step is None:
        step = _state.step
    if step is None:
        raise ValueError(_NO_STEP)
    if isinstance(step, core.Tensor) or hasattr(step, "_as_tensor"):
        t = core.convert_to_tensor(step)
        if t.dtype != core.int64:
            core.convert_to_tensor(t, core.int64)   # TF's conversion error ("requested dtype int64 ...")
        return t
    return int(step)


def _write(tag, data, to_tensor, step, metadata, name="write_summary"):
    """A write of `data` (a tensor) converted by `to_tensor(numpy value) -> (array, dtype
    name)` at write time; True when written."""
    writer = _state.writer
    if writer is None:
        return _false()
    cond = _record_condition()
    if cond is False:
        return _false()
    step = _step_value(step)
    if core.executing_eagerly() and not isinstance(cond, core.Tensor):
        s = int(step._numpy()) if isinstance(step, core.Tensor) else step
        value = data._numpy() if isinstance(data, core.Tensor) else data
        writer._write_record(_event(tag, tensor_proto_bytes(*to_tensor(np.asarray(value))), metadata, s))
        return _bool(True)
    ins = [data]
    step_in = isinstance(step, core.Tensor)
    if step_in:
        ins.append(step)
    cond_in = isinstance(cond, core.Tensor)
    if cond_in:
        ins.append(cond)

    def run(vals):
        value = vals[0]
        s = int(vals[1]) if step_in else step
        if cond_in and not bool(vals[-1]):
            return [np.array(False)]
        writer._write_record(_event(tag, tensor_proto_bytes(*to_tensor(np.asarray(value))), metadata, s))
        return [np.array(True)]
    return script_ops.host_call(run, ins, [core.bool_], name)[0]


def write(tag, tensor, step=None, metadata=None, name=None):
    """tf.summary.write: `tensor` as it is, with `metadata` (a SummaryMetadata's bytes or
    message, or None)."""
    if metadata is not None and not isinstance(metadata, bytes):
        metadata = metadata.SerializeToString()
    data = core.convert_to_tensor(tensor)
    dt = data.dtype.name
    return _write(tag, data, lambda v: (np.asarray(v, dtype=object if dt == "string" else v.dtype), dt), step,
                  metadata or b"")


def _assert_scalar(t):
    if t.shape.rank is not None and t.shape.rank != 0:
        raise ValueError("Expected scalar shape, saw shape: %s." % (tuple(t.shape.as_list()),))


def scalar(name, data, step=None, description=None):
    """tf.summary.scalar: `data` (a scalar) as a float32 tensor, plugin "scalars"."""
    with summary_scope(name, "scalar_summary") as (tag, _):
        t = core.convert_to_tensor(data)
        _assert_scalar(t)
        return _write(tag, t, lambda v: (np.asarray(v, dtype=np.float32), "float32"), step,
                      metadata_bytes("scalars", description))


def text(name, data, step=None, description=None):
    """tf.summary.text: a string tensor of any shape, plugin "text"."""
    with summary_scope(name, "text_summary") as (tag, _):
        t = core.convert_to_tensor(data)
        if t.dtype != core.string:
            raise TypeError("tensor must be of type tf.string; got tf.%s" % t.dtype.name)
        return _write(tag, t, lambda v: (np.asarray(v, dtype=object), "string"), step,
                      metadata_bytes("text", description))


def histogram_buckets(values, bucket_count=None):
    """The [bucket_count, 3] float64 array of (left edge, right edge, count) TensorBoard's
    histogram summary computes: `bucket_count` (30 by default) equal-width buckets from the
    minimum to the maximum (the last edge exactly the maximum; a value on an inner edge
    counts in the bucket to its right, the maximum in the last bucket); all in the last
    bucket, both edges the value, when every value is the same; zeros when there is no
    value (none at all for a bucket count of 0)."""
    n = _DEFAULT_BUCKETS if bucket_count is None else max(0, int(bucket_count))
    x = np.asarray(values).reshape(-1).astype(np.float64)
    if x.size == 0 or n == 0:
        return np.zeros((n, 3), np.float64)
    lo, hi = x.min(), x.max()
    span = hi - lo
    if span == 0:
        counts = np.zeros(n, np.float64)
        counts[-1] = x.size
        edge = np.full(n, hi, np.float64)
        return np.stack([edge, edge, counts]).T.copy()
    width = span / np.float64(n)
    with np.errstate(invalid="ignore"):
        idx = np.floor((x - lo) / width)
    idx = np.minimum(idx.astype(np.int64), n - 1)
    counts = np.bincount(idx[(idx >= 0)], minlength=n)[:n].astype(np.float64)
    step_ = span / np.float64(n)
    edges = lo + np.arange(n + 1, dtype=np.float64) * step_
    edges[-1] = hi
    return np.stack([edges[:-1], edges[1:], counts]).T.copy()


def histogram(name, data, step=None, buckets=None, description=None):
    """tf.summary.histogram: `data` bucketed (histogram_buckets) into a float64 [buckets, 3]
    tensor, plugin "histograms"."""
    with summary_scope(name, "histogram_summary") as (tag, _):
        t = core.convert_to_tensor(data)
        return _write(tag, t, lambda v: (histogram_buckets(v, buckets), "float64"), step,
                      metadata_bytes("histograms", description))


EXPERIMENTAL = {"set_step": set_step, "get_step": get_step, "summary_scope": summary_scope}
SUMMARY_V2 = {"create_file_writer": create_file_writer, "create_noop_writer": create_noop_writer,
              "scalar": scalar, "histogram": histogram, "text": text, "write": write, "flush": flush,
              "record_if": record_if, "should_record_summaries": should_record_summaries,
              "SummaryWriter": SummaryWriter}

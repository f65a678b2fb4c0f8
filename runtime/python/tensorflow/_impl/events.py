"""TF1 summaries and event files: tf.summary.scalar evaluates to a serialized `Summary`
proto (one Value with tag and simple_value, the bytes TF's ScalarSummary kernel writes),
tf.summary.merge concatenates them (protobuf concatenation merges repeated fields), and
tf.summary.FileWriter writes `events.out.tfevents.<time>.<host>` files: TFRecord framing
(length, masked CRC-32C of the length, data, masked CRC-32C of the data) around `Event`
protos (wall_time 1, step 2, file_version 3, summary 5), starting with file_version
"brain.Event:2", so TensorBoard reads them. Histogram, image and text summaries carry
their tag only. TF2's writer and summaries (tensor values with plugin metadata) are in
summary_v2.py; summary_iterator reads both kinds back (make_ndarray: a value's tensor)."""
import os
import struct
import time

from . import core


# ---------------------------------------------------------------------------- protobuf wire format
def _varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _key(field, wire):
    return _varint((field << 3) | wire)


def _len_field(field, data):
    return _key(field, 2) + _varint(len(data)) + data


def scalar_summary_bytes(tag, value):
    val = _len_field(1, tag.encode("utf-8")) + _key(2, 5) + struct.pack("<f", float(value))
    return _len_field(1, val)


def tag_only_summary_bytes(tag):
    return _len_field(1, _len_field(1, tag.encode("utf-8")))


def event_bytes(wall_time, step=0, file_version=None, summary=None):
    out = _key(1, 1) + struct.pack("<d", wall_time)
    if step:
        out += _key(2, 0) + _varint(int(step))
    if file_version is not None:
        out += _len_field(3, file_version.encode("utf-8"))
    if summary is not None:
        out += _len_field(5, summary)
    return out


# ---------------------------------------------------------------------------- TFRecord framing
def _crc32c_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc32c_table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = _TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def _masked(data):
    c = crc32c(data)
    return ((((c >> 15) | (c << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def record(data):
    length = struct.pack("<Q", len(data))
    return length + struct.pack("<I", _masked(length)) + data + struct.pack("<I", _masked(data))


# ---------------------------------------------------------------------------- FileWriter
def _summary_bytes(summary):
    if summary is None:
        return b""
    if isinstance(summary, bytes):
        return summary
    if hasattr(summary, "SerializeToString"):
        return summary.SerializeToString()
    if hasattr(summary, "item"):  # a fetched numpy scalar of dtype object / bytes
        return bytes(summary.item())
    return bytes(summary)


class _EventFile:
    """An event file in `logdir` (made if missing), named `events.out.tfevents.<time>.<host><tail>`,
    starting with the file_version event, as both TF writers make it; flush and close."""

    def __init__(self, logdir, tail, source_writer=None):
        self._logdir = str(logdir)
        os.makedirs(self._logdir, exist_ok=True)
        import socket   # here: startup does not pay for the socket module
        name = "events.out.tfevents.%d.%s%s" % (int(time.time()), socket.gethostname(), tail)
        self._path = os.path.join(self._logdir, name)
        self._f = open(self._path, "wb")
        first = event_bytes(time.time(), file_version="brain.Event:2")
        if source_writer:   # source_metadata 10 {writer 1}
            first += _len_field(10, _len_field(1, source_writer.encode("utf-8")))
        self._f.write(record(first))
        self._closed = False

    def flush(self):
        if not self._closed:
            self._f.flush()

    def close(self):
        if not self._closed:
            self._f.close()
            self._closed = True

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


class FileWriter(_EventFile):
    """tf.compat.v1.summary.FileWriter(logdir, graph=None, max_queue=10, flush_secs=120, filename_suffix=None)."""

    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None, filename_suffix=None,
                 session=None):
        if core.executing_eagerly():
            raise RuntimeError("tf.summary.FileWriter is not compatible with eager execution. "
                               "Use `tf.summary.create_file_writer`,or a `with v1.Graph().as_default():` context")
        super().__init__(logdir, filename_suffix or "")

    def get_logdir(self):
        return self._logdir

    def add_summary(self, summary, global_step=None):
        self._write(event_bytes(time.time(), step=global_step or 0, summary=_summary_bytes(summary)))

    def add_event(self, event):
        data = event.SerializeToString() if hasattr(event, "SerializeToString") else bytes(event)
        self._write(data)

    def add_graph(self, graph, global_step=None, graph_def=None):
        pass  # the bundled runtime's graphs have no GraphDef serialization for TensorBoard yet

    def add_session_log(self, session_log, global_step=None):
        pass

    def add_run_metadata(self, run_metadata, tag, global_step=None):
        pass

    def add_meta_graph(self, meta_graph_def, global_step=None):
        pass

    def _write(self, data):
        if self._closed:
            self.reopen()
        self._f.write(record(data))

    def reopen(self):
        if self._closed:
            self._f = open(self._path, "ab")
            self._closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


# ---------------------------------------------------------------------------- reading event files
def _read_varint(data, p, error=ValueError):
    """The varint at data[p:] and the position after it (`error`: the exception raised when
    the data ends inside it)."""
    v = shift = 0
    while True:
        if p >= len(data):
            raise error("Truncated message.")
        b = data[p]
        p += 1
        v |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return v, p


def _fields(data, error=ValueError):
    """(field number, wire type, value) of each field of a serialized message: varints as
    ints, fixed64 / fixed32 as their 8 / 4 bytes, length-delimited ones as bytes. A message
    that ends inside a field, or has a wire type protobuf no longer writes, raises `error`
    (example_pb.py's DecodeError, as protobuf's ParseFromString)."""
    p, n = 0, len(data)
    while p < n:
        key, p = _read_varint(data, p, error)
        field, wire = key >> 3, key & 7
        if wire == 0:
            v, p = _read_varint(data, p, error)
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            v, p = data[p:p + size], p + size
        elif wire == 2:
            size, p = _read_varint(data, p, error)
            v, p = data[p:p + size], p + size
        else:
            raise error("Error parsing message")
        if p > n:
            raise error("Truncated message.")
        yield field, wire, v


class _Message:
    """A parsed message with proto3 defaults for the fields it lacks (read-only)."""
    _DEFAULTS = {}

    def __init__(self, **values):
        for k, v in self._DEFAULTS.items():
            setattr(self, k, v() if callable(v) else v)
        for k, v in values.items():
            setattr(self, k, v)

    def HasField(self, name):  # noqa: N802 (protobuf's name)
        return name in getattr(self, "_present", ())

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % (k, getattr(self, k)) for k in self._DEFAULTS))


class HistogramProto(_Message):
    _DEFAULTS = dict(min=0.0, max=0.0, num=0.0, sum=0.0, sum_squares=0.0, bucket_limit=list, bucket=list)


class TensorShapeDim(_Message):
    _DEFAULTS = dict(size=0, name="")


class TensorShapeProto(_Message):
    _DEFAULTS = dict(dim=list, unknown_rank=False)


class TensorProto(_Message):
    _DEFAULTS = dict(dtype=0, tensor_shape=TensorShapeProto, tensor_content=b"", half_val=list, float_val=list,
                     double_val=list, int_val=list, string_val=list, int64_val=list, bool_val=list)


class PluginData(_Message):
    _DEFAULTS = dict(plugin_name="", content=b"")


class SummaryMetadata(_Message):
    _DEFAULTS = dict(plugin_data=PluginData, display_name="", summary_description="", data_class=0)


class SummaryValue(_Message):
    _DEFAULTS = dict(tag="", simple_value=0.0, histo=HistogramProto, node_name="", tensor=TensorProto,
                     metadata=SummaryMetadata)


class Summary(_Message):
    _DEFAULTS = dict(value=list)


class Event(_Message):
    _DEFAULTS = dict(wall_time=0.0, step=0, file_version="", graph_def=b"", summary=Summary)


def _doubles(b):
    return list(struct.unpack("<%dd" % (len(b) // 8), b))


def parse_histogram(data):
    h = HistogramProto()
    names = {1: "min", 2: "max", 3: "num", 4: "sum", 5: "sum_squares"}
    for f, w, v in _fields(data):
        if f in names and w == 1:
            setattr(h, names[f], struct.unpack("<d", v)[0])
        elif f in (6, 7):
            vals = _doubles(v) if w == 2 else [struct.unpack("<d", v)[0]]
            getattr(h, "bucket_limit" if f == 6 else "bucket").extend(vals)
    return h


def _signed(v, bits=64):
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def _packed(w, v, fmt, size):
    """The numbers of a repeated fixed-size field, packed (wire type 2) or one (5 / 1)."""
    return list(struct.unpack("<%d%s" % (len(v) // size, fmt), v)) if w == 2 else [struct.unpack("<" + fmt, v)[0]]


def _varints(w, v):
    if w == 0:
        return [v]
    out, p = [], 0
    while p < len(v):
        x, p = _read_varint(v, p)
        out.append(x)
    return out


def parse_tensor(data):
    """A TensorProto: dtype 1, tensor_shape 2 (dim 2 {size 1, name 2}, unknown_rank 3),
    tensor_content 4, float_val 5, double_val 6, int_val 7, string_val 8, int64_val 10,
    bool_val 11, half_val 13."""
    t, present = TensorProto(), set()
    for f, w, v in _fields(data):
        if f == 1 and w == 0:
            t.dtype = v
        elif f == 2 and w == 2:
            present.add("tensor_shape")
            for f2, w2, v2 in _fields(v):
                if f2 == 2 and w2 == 2:
                    d = TensorShapeDim()
                    for f3, w3, v3 in _fields(v2):
                        if f3 == 1 and w3 == 0:
                            d.size = _signed(v3)
                        elif f3 == 2 and w3 == 2:
                            d.name = v3.decode("utf-8", "replace")
                    t.tensor_shape.dim.append(d)
                elif f2 == 3 and w2 == 0:
                    t.tensor_shape.unknown_rank = bool(v2)
        elif f == 4 and w == 2:
            t.tensor_content = bytes(v)
        elif f == 5:
            t.float_val.extend(_packed(w, v, "f", 4))
        elif f == 6:
            t.double_val.extend(_packed(w, v, "d", 8))
        elif f == 7:
            t.int_val.extend(_signed(x, 32) if x < 1 << 32 else _signed(x) for x in _varints(w, v))
        elif f == 8 and w == 2:
            t.string_val.append(bytes(v))
        elif f == 10:
            t.int64_val.extend(_signed(x) for x in _varints(w, v))
        elif f == 11:
            t.bool_val.extend(bool(x) for x in _varints(w, v))
        elif f == 13:
            t.half_val.extend(_varints(w, v))
    t._present = present
    return t


def parse_metadata(data):
    """SummaryMetadata: plugin_data 1 {plugin_name 1, content 2}, display_name 2,
    summary_description 3, data_class 4."""
    m = SummaryMetadata()
    for f, w, v in _fields(data):
        if f == 1 and w == 2:
            for f2, w2, v2 in _fields(v):
                if f2 == 1 and w2 == 2:
                    m.plugin_data.plugin_name = v2.decode("utf-8", "replace")
                elif f2 == 2 and w2 == 2:
                    m.plugin_data.content = bytes(v2)
        elif f == 2 and w == 2:
            m.display_name = v.decode("utf-8", "replace")
        elif f == 3 and w == 2:
            m.summary_description = v.decode("utf-8", "replace")
        elif f == 4 and w == 0:
            m.data_class = v
    return m


_NP_TYPES = {1: "float32", 2: "float64", 3: "int32", 4: "uint8", 5: "int16", 6: "int8", 7: object, 9: "int64",
             10: "bool", 19: "float16"}


def make_ndarray(t):
    """tf.make_ndarray: the numpy array of a TensorProto (tensor_content, or the typed
    values, the last one repeated to fill the shape as TensorFlow does)."""
    import numpy as np   # here: reading event files of TF1 summaries does not need it
    if t.dtype not in _NP_TYPES:
        raise TypeError("Unsupported tensor type: %d" % t.dtype)
    dtype = np.dtype(_NP_TYPES[t.dtype])
    shape = [d.size for d in t.tensor_shape.dim]
    n = int(np.prod(shape)) if shape else 1
    if t.tensor_content:
        return np.frombuffer(t.tensor_content, dtype=dtype.newbyteorder("<")).astype(dtype).reshape(shape)
    if t.dtype == 7:
        vals = list(t.string_val)
    elif t.dtype == 19:
        vals = np.array(t.half_val, np.uint16).view(np.float16)
    else:
        vals = {1: t.float_val, 2: t.double_val, 9: t.int64_val, 10: t.bool_val}.get(t.dtype, t.int_val)
    if len(vals) == 0:
        return np.zeros(shape, dtype)
    arr = np.empty(n, dtype)
    k = min(len(vals), n)
    arr[:k] = vals[:k]
    if k < n:
        arr[k:] = vals[k - 1]
    return arr.reshape(shape)


def parse_summary(data):
    s = Summary()
    for f, w, v in _fields(data):
        if f != 1 or w != 2:
            continue
        val, present = SummaryValue(), set()
        for f2, w2, v2 in _fields(v):
            if f2 == 1 and w2 == 2:
                val.tag = v2.decode("utf-8", "replace")
            elif f2 == 7 and w2 == 2:
                val.node_name = v2.decode("utf-8", "replace")
            elif f2 == 2 and w2 == 5:
                val.simple_value = struct.unpack("<f", v2)[0]
                present.add("simple_value")
            elif f2 == 5 and w2 == 2:
                val.histo = parse_histogram(v2)
                present.add("histo")
            elif f2 == 8 and w2 == 2:
                val.tensor = parse_tensor(v2)
                present.add("tensor")
            elif f2 == 9 and w2 == 2:
                val.metadata = parse_metadata(v2)
                present.add("metadata")
        val._present = present
        s.value.append(val)
    return s


def parse_event(data):
    e, present = Event(), set()
    for f, w, v in _fields(data):
        if f == 1 and w == 1:
            e.wall_time = struct.unpack("<d", v)[0]
        elif f == 2 and w == 0:
            e.step = v - (1 << 64) if v >= 1 << 63 else v
        elif f == 3 and w == 2:
            e.file_version = v.decode("utf-8", "replace")
            present.add("file_version")
        elif f == 4 and w == 2:
            e.graph_def = bytes(v)
            present.add("graph_def")
        elif f == 5 and w == 2:
            e.summary = parse_summary(v)
            present.add("summary")
    e._present = present
    return e


def read_records(path):
    """The records of a TFRecord file (length, masked CRC of the length, data, masked CRC)."""
    with open(path, "rb") as f:
        data = f.read()
    p = 0
    while p + 12 <= len(data):
        (length,) = struct.unpack("<Q", data[p:p + 8])
        start = p + 12
        if start + length + 4 > len(data):
            break
        yield data[start:start + length]
        p = start + length + 4


def summary_iterator(path):
    """tf.compat.v1.train.summary_iterator: the Events of an event file, in order."""
    for rec in read_records(path):
        yield parse_event(rec)

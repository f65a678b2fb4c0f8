"""TF1 summaries and event files: tf.summary.scalar evaluates to a serialized `Summary`
proto (one Value with tag and simple_value, the bytes TF's ScalarSummary kernel writes),
tf.summary.merge concatenates them (protobuf concatenation merges repeated fields), and
tf.summary.FileWriter writes `events.out.tfevents.<time>.<host>` files: TFRecord framing
(length, masked CRC-32C of the length, data, masked CRC-32C of the data) around `Event`
protos (wall_time 1, step 2, file_version 3, summary 5), starting with file_version
"brain.Event:2", so TensorBoard reads them. Histogram, image and text summaries carry
their tag only."""
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


class FileWriter:
    """tf.compat.v1.summary.FileWriter(logdir, graph=None, max_queue=10, flush_secs=120, filename_suffix=None)."""

    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None, filename_suffix=None,
                 session=None):
        if core.executing_eagerly():
            raise RuntimeError("tf.summary.FileWriter is not compatible with eager execution. "
                               "Use `tf.summary.create_file_writer`,or a `with v1.Graph().as_default():` context")
        self._logdir = str(logdir)
        os.makedirs(self._logdir, exist_ok=True)
        import socket   # here: startup does not pay for the socket module
        name = "events.out.tfevents.%d.%s%s" % (int(time.time()), socket.gethostname(), filename_suffix or "")
        self._path = os.path.join(self._logdir, name)
        self._f = open(self._path, "wb")
        self._f.write(record(event_bytes(time.time(), file_version="brain.Event:2")))
        self._closed = False

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

    def flush(self):
        if not self._closed:
            self._f.flush()

    def close(self):
        if not self._closed:
            self._f.close()
            self._closed = True

    def reopen(self):
        if self._closed:
            self._f = open(self._path, "ab")
            self._closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


class SummaryWriterV2:
    """tf.summary.create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None,
    name=None): TF2's writer, which makes `logdir` and its `events.out.tfevents.<time>.<host>.<pid>.<n>.v2`
    file (starting with the same file_version event) when it is created; flush, close, as_default,
    set_as_default and init. Summary ops written through it are not yet in the bundled runtime."""

    _count = 0

    def __init__(self, logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None):
        self._logdir = str(logdir)
        os.makedirs(self._logdir, exist_ok=True)
        import socket   # here: startup does not pay for the socket module
        SummaryWriterV2._count += 1
        fname = "events.out.tfevents.%d.%s.%d.%d.v2%s" % (int(time.time()), socket.gethostname(), os.getpid(),
                                                           SummaryWriterV2._count, filename_suffix or "")
        self._path = os.path.join(self._logdir, fname)
        self._f = open(self._path, "wb")
        self._f.write(record(event_bytes(time.time(), file_version="brain.Event:2")))
        self._closed = False

    def init(self):
        return None

    def set_as_default(self, step=None):
        return None

    def as_default(self, step=None):
        writer = self

        class _Default:
            def __enter__(self):
                return writer

            def __exit__(self, *exc):
                writer.flush()
                return False
        return _Default()

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


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None):
    return SummaryWriterV2(logdir, max_queue, flush_millis, filename_suffix, name)

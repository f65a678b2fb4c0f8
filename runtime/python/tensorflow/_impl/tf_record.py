"""TFRecord files outside the graph: tf.io.TFRecordWriter (tf.python_io.TFRecordWriter) and
tf.compat.v1.io.tf_record_iterator (tf.python_io.tf_record_iterator). The record framing is
events.record (the summary FileWriter's); records are parsed back by `records`, which
TFRecordReader (queues.py) shares. Uncompressed files only: GZIP / ZLIB options are not yet in
the bundled runtime."""
import struct

from . import core, events

_HEADER = 12   # uint64 length + masked CRC-32C of the length
_FOOTER = 4    # masked CRC-32C of the data


def _error(code, message):
    return core._BY_CODE[code](None, None, message)


def _check_options(options, what):
    if options is None or options == "":
        return
    kind = getattr(options, "compression_type", options)
    if kind in (None, "", 0):
        return
    raise core.UnsupportedSymbolError("%s(options=%r) (compressed TFRecord files)" % (what, kind))


def _path(path):
    return path.decode() if isinstance(path, bytes) else str(path)


def records(data):
    """(offset, record) for each record of a TFRecord file's bytes, as TensorFlow's
    RecordReader reads them: a partial header at the end ends the file; a bad length CRC is
    "corrupted record at OFFSET", a partial record "truncated record at OFFSET", a bad data
    CRC "corrupted record at OFFSET+12" (tf.errors.DataLossError)."""
    p = 0
    n = len(data)
    while p + _HEADER <= n:
        header = data[p:p + 8]
        (crc,) = struct.unpack("<I", data[p + 8:p + _HEADER])
        if events._masked(header) != crc:
            raise _error(15, "corrupted record at %d%s" % (p, " (Is this even a TFRecord file?)" if p == 0 else ""))
        (length,) = struct.unpack("<Q", header)
        start = p + _HEADER
        if start + length + _FOOTER > n:
            raise _error(15, "truncated record at %d' failed with Read less bytes than requested" % p)
        rec = bytes(data[start:start + length])
        (crc,) = struct.unpack("<I", data[start + length:start + length + _FOOTER])
        if events._masked(rec) != crc:
            raise _error(15, "corrupted record at %d" % start)
        yield p, rec
        p = start + length + _FOOTER


def read_file(path):
    try:
        with open(_path(path), "rb") as f:
            return f.read()
    except OSError:
        raise _error(5, "%s; No such file or directory" % _path(path)) from None


def tf_record_iterator(path, options=None):
    """tf.compat.v1.io.tf_record_iterator: the records of a TFRecord file, as bytes. The file
    is opened at the call (a missing file raises NotFoundError there), read as it is iterated."""
    _check_options(options, "tf.io.tf_record_iterator")
    data = read_file(path)

    def gen():
        for _, rec in records(data):
            yield rec
    return gen()


class TFRecordWriter:
    """tf.io.TFRecordWriter(path, options=None): write(record) appends one record (bytes, or
    str as UTF-8); flush; close; a context manager closing on exit. The file is created
    (truncated) at construction; writing after close is FailedPreconditionError."""

    def __init__(self, path, options=None):
        _check_options(options, "tf.io.TFRecordWriter")
        try:
            self._f = open(_path(path), "wb")
        except OSError:
            raise _error(5, "%s; No such file or directory" % _path(path)) from None

    def write(self, record):
        if self._f is None:
            raise _error(9, "Writer is closed.")
        if isinstance(record, str):
            record = record.encode("utf-8")
        self._f.write(events.record(bytes(record)))

    def flush(self):
        if self._f is None:
            raise _error(9, "Writer is closed.")
        self._f.flush()

    def close(self):
        if self._f is not None:
            self._f.close()
            self._f = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

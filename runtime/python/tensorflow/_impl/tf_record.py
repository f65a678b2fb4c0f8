"""TFRecord files outside the graph: tf.io.TFRecordWriter (tf.python_io.TFRecordWriter) and
tf.compat.v1.io.tf_record_iterator (tf.python_io.tf_record_iterator). The record framing is
events.record (the summary FileWriter's); records are parsed back by `records`, which
TFRecordReader (queues.py) shares. TFRecordOptions(compression_type="GZIP" / "ZLIB") compress
the whole stream with zlib as TensorFlow's ZlibOutputBuffer does (default level, 9 as
mem_level, the gzip wrapper without a name or time), which gives TensorFlow's bytes."""
import struct
import zlib

from . import core, events

_HEADER = 12   # uint64 length + masked CRC-32C of the length
_FOOTER = 4    # masked CRC-32C of the data


def _error(code, message):
    return core._BY_CODE[code](None, None, message)


class TFRecordCompressionType:
    """tf.compat.v1.io.TFRecordCompressionType."""
    NONE = 0
    ZLIB = 1
    GZIP = 2


class TFRecordOptions:
    """tf.io.TFRecordOptions: the compression of a TFRecord file ("", "ZLIB" or "GZIP") and
    zlib's parameters (None: zlib's defaults, as TensorFlow's)."""
    compression_type_map = {TFRecordCompressionType.ZLIB: "ZLIB", TFRecordCompressionType.GZIP: "GZIP",
                            TFRecordCompressionType.NONE: ""}

    def __init__(self, compression_type=None, flush_mode=None, input_buffer_size=None, output_buffer_size=None,
                 window_bits=None, compression_level=None, compression_method=None, mem_level=None,
                 compression_strategy=None):
        self.get_compression_type_string(compression_type)   # validates it, as TensorFlow does
        self.compression_type = compression_type
        self.flush_mode = flush_mode
        self.input_buffer_size = input_buffer_size
        self.output_buffer_size = output_buffer_size
        self.window_bits = window_bits
        self.compression_level = compression_level
        self.compression_method = compression_method
        self.mem_level = mem_level
        self.compression_strategy = compression_strategy

    @classmethod
    def get_compression_type_string(cls, options):
        if not options:
            return ""
        if isinstance(options, TFRecordOptions):
            return cls.get_compression_type_string(options.compression_type)
        if options in cls.compression_type_map:
            return cls.compression_type_map[options]
        if options in cls.compression_type_map.values():
            return options
        raise ValueError('Not a valid compression_type: "{}"'.format(options))


def _options(options):
    """(kind, window bits, level, mem level, strategy) of options (None, a string, a
    TFRecordCompressionType value or a TFRecordOptions)."""
    kind = TFRecordOptions.get_compression_type_string(options)
    o = options if isinstance(options, TFRecordOptions) else TFRecordOptions()
    bits = o.window_bits if o.window_bits is not None else zlib.MAX_WBITS
    if kind == "GZIP":
        bits += 16
    level = o.compression_level if o.compression_level is not None else zlib.Z_DEFAULT_COMPRESSION
    mem = o.mem_level if o.mem_level is not None else 9
    strategy = o.compression_strategy if o.compression_strategy is not None else zlib.Z_DEFAULT_STRATEGY
    return kind, bits, level, mem, strategy


def decompressed(data, options, name):
    """A file's bytes as its records are framed: inflated for ZLIB / GZIP options."""
    kind, bits = _options(options)[:2]
    if not kind:
        return data
    try:
        d = zlib.decompressobj(bits)
        return d.decompress(data) + d.flush()
    except zlib.error as e:
        raise _error(15, "%s: %s" % (name, e)) from None


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
    """tf.compat.v1.io.tf_record_iterator(path, options=None): the records of a TFRecord file,
    as bytes. The file is read at the call (a missing file raises NotFoundError there), its
    records parsed as they are iterated (a damaged one raises DataLossError there)."""
    data = decompressed(read_file(path), options, _path(path))

    def gen():
        for _, rec in records(data):
            yield rec
    return gen()


class TFRecordWriter:
    """tf.io.TFRecordWriter(path, options=None): write(record) appends one record (bytes, or
    str as UTF-8); flush (with compression, zlib's partial flush, as TensorFlow's); close; a
    context manager closing on exit. The file is created (truncated) at construction; writing
    after close is FailedPreconditionError."""

    def __init__(self, path, options=None):
        kind, bits, level, mem, strategy = _options(options)
        self._z = zlib.compressobj(level, zlib.DEFLATED, bits, mem, strategy) if kind else None
        try:
            self._f = open(_path(path), "wb")
        except OSError:
            raise _error(5, "%s; No such file or directory" % _path(path)) from None

    def write(self, record):
        if self._f is None:
            raise _error(9, "Writer is closed.")
        if isinstance(record, str):
            record = record.encode("utf-8")
        data = events.record(bytes(record))
        self._f.write(self._z.compress(data) if self._z is not None else data)

    def flush(self):
        if self._f is None:
            raise _error(9, "Writer is closed.")
        if self._z is not None:
            self._f.write(self._z.flush(zlib.Z_PARTIAL_FLUSH))   # TensorFlow's ZlibOutputBuffer::Flush
        self._f.flush()

    def close(self):
        if self._f is not None:
            if self._z is not None:
                self._f.write(self._z.flush())
            self._f.close()
            self._f = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

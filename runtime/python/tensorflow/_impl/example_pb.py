"""tf.train.Example and its parts (Features, Feature, BytesList, FloatList, Int64List): the
messages of tensorflow/core/example/{example,feature}.proto, built from keyword arguments and
serialized with SerializeToString in the protobuf wire format TensorFlow's Python protobuf
writes (Int64List and FloatList packed; the feature map's entries in key order: TensorFlow's
protobuf writes a map in an order that changes from one process to the next, and in key order
with deterministic=True), parsed back with FromString / ParseFromString, and printed (str) in
protobuf's text format (map entries in key order; TensorFlow's protobuf prints them in its
process's order, as it serializes them)."""
import struct

import numpy as np

from . import core
from .events import _fields as _event_fields, _len_field, _read_varint as _read_event_varint, _varint
from .graph_def import _bytes_text, _float_text  # protobuf's text format of bytes and floats


class _Message:
    _fields = ()

    def __init__(self, **kwargs):
        for k in kwargs:
            if k not in self._fields:
                raise ValueError('Protocol message %s has no "%s" field.' % (type(self).__name__, k))

    def SerializeToString(self, deterministic=None):
        return self._bytes()

    def ByteSize(self):
        return len(self._bytes())

    def __eq__(self, other):
        return type(self) is type(other) and self._bytes() == other._bytes()

    def ParseFromString(self, data):
        fresh = type(self)()
        fresh._parse(bytes(data))
        self.__dict__.update(fresh.__dict__)
        return len(data)

    @classmethod
    def FromString(cls, data):
        m = cls()
        m._parse(bytes(data))
        return m

    def __str__(self):
        return "".join(self._text(""))

    __repr__ = __str__


class DecodeError(Exception):
    pass


def _read_varint(b, p):
    return _read_event_varint(b, p, DecodeError)


def _fields(b):
    """(field number, wire type, value) of a message's bytes (value: int, or bytes)."""
    return _event_fields(b, DecodeError)


def _signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


class _List(_Message):
    _fields = ("value",)

    def __init__(self, value=None):
        super().__init__()
        self.value = [self._convert(v) for v in (value if value is not None else [])]


class BytesList(_List):
    @staticmethod
    def _convert(v):
        if not isinstance(v, (bytes, bytearray)):
            raise TypeError("expected bytes, %s found" % type(v).__name__)
        return bytes(v)

    def _bytes(self):
        return b"".join(_len_field(1, v) for v in self.value)

    def _parse(self, b):
        self.value = [bytes(v) for f, w, v in _fields(b) if f == 1 and w == 2]

    def _text(self, ind):
        return ["%svalue: %s\n" % (ind, _bytes_text(v)) for v in self.value]


class FloatList(_List):
    _convert = staticmethod(float)

    def _bytes(self):
        if not self.value:
            return b""
        return _len_field(1, struct.pack("<%df" % len(self.value), *self.value))

    def _parse(self, b):
        vals = []
        for f, w, v in _fields(b):
            if f == 1 and w == 2:
                vals.extend(struct.unpack("<%df" % (len(v) // 4), v))
            elif f == 1 and w == 5:
                vals.append(struct.unpack("<f", v)[0])
        self.value = vals

    def _text(self, ind):
        # (a float32 field: the value as float32, as TensorFlow holds it)
        return ["%svalue: %s\n" % (ind, _float_text(np.float32(v))) for v in self.value]


class Int64List(_List):
    @staticmethod
    def _convert(v):
        if hasattr(v, "item"):
            v = v.item()
        if not isinstance(v, int):
            raise TypeError("%r has type %s, but expected one of: int" % (v, type(v).__name__))
        return int(v)

    def _bytes(self):
        if not self.value:
            return b""
        return _len_field(1, b"".join(_varint(v) for v in self.value))

    def _parse(self, b):
        vals = []
        for f, w, v in _fields(b):
            if f == 1 and w == 2:
                p = 0
                while p < len(v):
                    x, p = _read_varint(v, p)
                    vals.append(_signed(x))
            elif f == 1 and w == 0:
                vals.append(_signed(v))
        self.value = vals

    def _text(self, ind):
        return ["%svalue: %d\n" % (ind, v) for v in self.value]


class Feature(_Message):
    _fields = ("bytes_list", "float_list", "int64_list")

    def __init__(self, bytes_list=None, float_list=None, int64_list=None):
        super().__init__()
        self._kind = None
        for num, (name, v) in enumerate((("bytes_list", bytes_list), ("float_list", float_list),
                                         ("int64_list", int64_list)), 1):
            if v is not None:
                self._kind = (num, name, v)

    def __getattr__(self, name):
        if name in Feature._fields:
            if self._kind is not None and self._kind[1] == name:
                return self._kind[2]
            return {"bytes_list": BytesList, "float_list": FloatList, "int64_list": Int64List}[name]()
        raise AttributeError(name)

    def WhichOneof(self, group):
        return self._kind[1] if self._kind is not None else None

    def _bytes(self):
        if self._kind is None:
            return b""
        return _len_field(self._kind[0], self._kind[2]._bytes())

    def _parse(self, b):
        kinds = {1: ("bytes_list", BytesList), 2: ("float_list", FloatList), 3: ("int64_list", Int64List)}
        for f, w, v in _fields(b):
            if f in kinds and w == 2:
                self._kind = (f, kinds[f][0], kinds[f][1].FromString(v))

    def _text(self, ind):
        if self._kind is None:
            return []
        return ["%s%s {\n" % (ind, self._kind[1])] + self._kind[2]._text(ind + "  ") + [ind + "}\n"]


class Features(_Message):
    _fields = ("feature",)

    def __init__(self, feature=None):
        super().__init__()
        self.feature = dict(feature or {})

    def _bytes(self):
        out = b""
        for k in sorted(self.feature):
            entry = _len_field(1, k.encode("utf-8")) + _len_field(2, self.feature[k]._bytes())
            out += _len_field(1, entry)
        return out

    def _parse(self, b):
        self.feature = {}
        for f, w, v in _fields(b):
            if f == 1 and w == 2:
                key, value = "", Feature()
                for f2, w2, v2 in _fields(v):
                    if f2 == 1 and w2 == 2:
                        key = v2.decode("utf-8")
                    elif f2 == 2 and w2 == 2:
                        value = Feature.FromString(v2)
                self.feature[key] = value

    def _text(self, ind):
        out = []
        for k in sorted(self.feature):
            out += ["%sfeature {\n" % ind, '%s  key: %s\n' % (ind, _bytes_text(k)),
                    "%s  value {\n" % ind] + self.feature[k]._text(ind + "    ") + ["%s  }\n" % ind, ind + "}\n"]
        return out


class Example(_Message):
    _fields = ("features",)

    def __init__(self, features=None):
        super().__init__()
        self._features = features

    @property
    def features(self):
        if self._features is None:
            self._features = Features()
        return self._features

    def _bytes(self):
        return _len_field(1, self._features._bytes()) if self._features is not None else b""

    def _parse(self, b):
        for f, w, v in _fields(b):
            if f == 1 and w == 2:
                self._features = Features.FromString(v)

    def _text(self, ind):
        if self._features is None:
            return []
        return ["%sfeatures {\n" % ind] + self._features._text(ind + "  ") + [ind + "}\n"]


NAMES = {"Example": Example, "Features": Features, "Feature": Feature, "BytesList": BytesList,
         "FloatList": FloatList, "Int64List": Int64List}

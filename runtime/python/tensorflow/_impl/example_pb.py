"""tf.train.Example and its parts (Features, Feature, BytesList, FloatList, Int64List): the
messages of tensorflow/core/example/{example,feature}.proto, built from keyword arguments and
serialized with SerializeToString in the protobuf wire format TensorFlow's Python protobuf
writes (Int64List and FloatList packed; the feature map's entries in key order, as
TensorFlow's protobuf writes them). Parsing them back is not yet in the bundled runtime."""
import struct

from . import core
from .events import _len_field, _varint


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
        raise core.UnsupportedSymbolError("tf.train.%s.ParseFromString" % type(self).__name__)

    @classmethod
    def FromString(cls, data):
        raise core.UnsupportedSymbolError("tf.train.%s.FromString" % cls.__name__)


class _List(_Message):
    _fields = ("value",)

    def __init__(self, value=None):
        super().__init__()
        self.value = [self._convert(v) for v in (value if value is not None else [])]


class BytesList(_List):
    @staticmethod
    def _convert(v):
        if isinstance(v, str):
            return v.encode("utf-8")
        if not isinstance(v, (bytes, bytearray)):
            raise TypeError("%r has type %s, but expected one of: bytes" % (v, type(v).__name__))
        return bytes(v)

    def _bytes(self):
        return b"".join(_len_field(1, v) for v in self.value)


class FloatList(_List):
    _convert = staticmethod(float)

    def _bytes(self):
        if not self.value:
            return b""
        return _len_field(1, struct.pack("<%df" % len(self.value), *self.value))


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


NAMES = {"Example": Example, "Features": Features, "Feature": Feature, "BytesList": BytesList,
         "FloatList": FloatList, "Int64List": Int64List}

"""TensorFlow's GraphDef of a bundled graph (tf.Graph.as_graph_def, Operation.node_def,
Session.graph_def), printed in protobuf's text format as TF 2.21's `print(graph_def)` prints
it: the upb text encoder's layout (two-space indent, attr map entries ordered as upb orders
map keys: bytes compared in reverse, a shorter key first on a common prefix), every attr of
the op's OpDef (the ones the inputs determine, the defaults filled in, as TF's NodeDefs
carry them), and Const tensors as make_tensor_proto writes them (tensor_content for more
than one element of a fixed-size type, typed values otherwise; a constant made from one
value and a larger shape keeps the single value)."""
import functools

import _tfrt
import numpy as np

from . import core

GRAPH_DEF_VERSION = 2474   # TF 2.21's graph producer version

_DT_NAMES = {1: "DT_FLOAT", 2: "DT_DOUBLE", 3: "DT_INT32", 4: "DT_UINT8", 5: "DT_INT16", 6: "DT_INT8",
             7: "DT_STRING", 8: "DT_COMPLEX64", 9: "DT_INT64", 10: "DT_BOOL", 14: "DT_BFLOAT16",
             17: "DT_UINT16", 18: "DT_COMPLEX128", 19: "DT_HALF", 20: "DT_RESOURCE", 21: "DT_VARIANT",
             22: "DT_UINT32", 23: "DT_UINT64"}
_ENUMS = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "string": 7, "int64": 9,
          "bool": 10, "float16": 19, "resource": 20}
_CONTENT_TYPES = frozenset(("float16", "float32", "float64", "int32", "uint8", "int16", "int8", "int64"))
_VAL_FIELD = {"float32": "float_val", "float64": "double_val", "int32": "int_val", "int16": "int_val",
              "int8": "int_val", "uint8": "int_val", "int64": "int64_val", "bool": "bool_val",
              "string": "string_val", "float16": "half_val"}


def _enum(dtype):
    if isinstance(dtype, int):
        return dtype
    d = core.as_dtype(dtype)
    name = d.name
    if name.endswith("_ref"):
        return _ENUMS[name[:-4]] + 100
    return _ENUMS[name]


def _dt_name(dtype):
    e = _enum(dtype)
    return _DT_NAMES[e - 100] + "_REF" if e > 100 else _DT_NAMES[e]


def _bytes_text(b):
    if isinstance(b, str):
        b = b.encode("utf-8")
    out = []
    for c in b:
        if c == 10:
            out.append("\\n")
        elif c == 13:
            out.append("\\r")
        elif c == 9:
            out.append("\\t")
        elif c in (34, 39, 92):
            out.append("\\" + chr(c))
        elif 0x20 <= c < 0x7f:
            out.append(chr(c))
        else:
            out.append("\\%03o" % c)
    return '"' + "".join(out) + '"'


def _float_text(v, double=False):
    v = float(v)
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    short, full = (15, 17) if double else (6, 9)
    s = "%.*g" % (short, v)
    same = float(s) == v if double else np.float32(float(s)) == np.float32(v)
    return s if same else "%.*g" % (full, v)


def _key_order(k):
    """upb's map-key order for the text encoder: memcmp over the common length, reversed;
    on equal prefixes the shorter key first."""
    return k.encode("utf-8")


def _cmp_keys(a, b):
    a, b = _key_order(a), _key_order(b)
    n = min(len(a), len(b))
    if a[:n] != b[:n]:
        return -1 if a[:n] > b[:n] else 1
    return (len(a) > len(b)) - (len(a) < len(b))


class _Text:
    def __init__(self):
        self.lines = []
        self.depth = 0

    def field(self, name, value):
        self.lines.append("  " * self.depth + "%s: %s" % (name, value))

    def open(self, name):
        self.lines.append("  " * self.depth + name + " {")
        self.depth += 1

    def close(self):
        self.depth -= 1
        self.lines.append("  " * self.depth + "}")


def _shape_text(t, dims):
    t.open("shape")
    if dims is None:
        t.field("unknown_rank", "true")
    else:
        for d in dims:
            t.open("dim")
            d = -1 if d is None else int(d)
            if d != 0:
                t.field("size", str(d))
            t.close()
    t.close()


def _tensor_text(t, arr, dtype, compact):
    arr = np.asarray(arr)
    name = core.as_dtype(dtype).name
    t.open("tensor")
    t.field("dtype", _dt_name(dtype))
    t.open("tensor_shape")
    for d in arr.shape:
        t.open("dim")
        if d:
            t.field("size", str(int(d)))
        t.close()
    t.close()
    flat = arr.reshape(-1) if compact is None else np.asarray(compact).reshape(-1)
    if compact is None and flat.size > 1 and name in _CONTENT_TYPES:
        t.field("tensor_content", _bytes_text(np.ascontiguousarray(arr, dtype=core.as_dtype(dtype).as_numpy_dtype)
                                              .tobytes()))
    else:
        field = _VAL_FIELD.get(name)
        for v in flat:
            if name == "float32":
                t.field(field, _float_text(v))
            elif name == "float64":
                t.field(field, _float_text(v, double=True))
            elif name == "bool":
                t.field(field, "true" if v else "false")
            elif name == "string":
                t.field(field, _bytes_text(v if isinstance(v, (bytes, str)) else str(v)))
            elif name == "float16":
                t.field(field, str(int(np.float16(v).view(np.uint16))))
            else:
                t.field(field, str(int(v)))
    t.close()


def _shape_dims(value):
    if isinstance(value, core.TensorShape):
        return value.as_list() if value.ndims is not None else None
    return list(value)


def _scalar_attr(t, kind, value):
    """One value of an AttrValue's scalar kinds (also a list's elements); False if `kind`
    is not one of them."""
    if kind == "type":
        t.field("type", _dt_name(value))
    elif kind == "int":
        t.field("i", str(int(value)))
    elif kind == "float":
        t.field("f", _float_text(value))
    elif kind == "bool":
        t.field("b", "true" if value else "false")
    elif kind == "string":
        t.field("s", _bytes_text(value))
    elif kind == "shape":
        _shape_text(t, _shape_dims(value))
    else:
        return False
    return True


def _attr_text(t, kind, value, op, key):
    if _scalar_attr(t, kind, value):
        return
    if kind == "tensor":
        _tensor_text(t, value, op._attrs.get("dtype", getattr(value, "dtype", None)) if key == "value" else
                     core.as_dtype(np.asarray(value).dtype), getattr(op, "_compact_const", None))
    elif kind.startswith("list("):
        inner = kind[5:-1]
        t.open("list")
        for v in value or ():
            _scalar_attr(t, inner, v)
        t.close()


@functools.lru_cache(maxsize=None)
def _signature(op_type):
    return _tfrt.op_signature(op_type)


def _node_attrs(op):
    """(key, kind, value) of every attr TensorFlow's NodeDef of `op` carries."""
    sig = _signature(op.type)
    if sig is None:
        return []
    ins, attrs = sig
    given = op._attrs
    kinds = {a[0]: a[1] for a in attrs}
    inferred = {}
    # split the inputs across the args: list args take what the fixed ones leave
    n_list = sum(1 for a in ins if a[3] or a[4])
    fixed = len(ins) - n_list
    rest = len(op.inputs) - fixed
    pos = 0
    for name, typ, type_attr, number_attr, type_list_attr in ins:
        if number_attr or type_list_attr:
            attr = number_attr or type_list_attr
            n = given.get(attr)
            n = (len(n) if isinstance(n, (list, tuple)) else int(n)) if n is not None else (rest if n_list == 1 else 0)
            chunk = op.inputs[pos:pos + n]
            pos += n
            if number_attr:
                inferred.setdefault(number_attr, n)
                if type_attr and chunk:
                    inferred.setdefault(type_attr, chunk[0].dtype.base_dtype)
            else:
                inferred.setdefault(type_list_attr, [x.dtype.base_dtype for x in chunk])
        else:
            if pos < len(op.inputs) and type_attr:
                inferred.setdefault(type_attr, op.inputs[pos].dtype.base_dtype)
            pos += 1
    out = []
    for name, kind, has_default, default in attrs:
        if name in given and given[name] is not None:
            v = given[name]
        elif name in inferred:
            v = inferred[name]
        elif has_default and default is not None:
            v = default
        else:
            continue
        out.append((name, kind, v))
    for k, v in given.items():   # TF's internal attrs the facade keeps (colocation "_class")
        if k.startswith("_") and k not in kinds and isinstance(v, (list, tuple)) and all(isinstance(s, (str, bytes)) for s in v):
            out.append((k, "list(string)", v))
    return out


def _input_name(t):
    return t.op.name if t.value_index == 0 else "%s:%d" % (t.op.name, t.value_index)


def _node_text(t, op):
    t.field("name", _bytes_text(op.name))
    t.field("op", _bytes_text(op.type))
    for x in op.inputs:
        t.field("input", _bytes_text(_input_name(x)))
    for c in op.control_inputs:
        t.field("input", _bytes_text("^" + c.name))
    device = getattr(op, "_device", "") or ""
    if device:
        t.field("device", _bytes_text(device))
    entries = _node_attrs(op)
    entries.sort(key=functools.cmp_to_key(lambda a, b: _cmp_keys(a[0], b[0])))
    for key, kind, value in entries:
        t.open("attr")
        t.field("key", _bytes_text(key))
        t.open("value")
        _attr_text(t, kind, value, op, key)
        t.close()
        t.close()


class NodeDef:
    def __init__(self, op):
        self._op = op
        self.name, self.op = op.name, op.type
        self.input = [_input_name(x) for x in op.inputs] + ["^" + c.name for c in op.control_inputs]
        self.device = getattr(op, "_device", "") or ""

    @property
    def attr(self):
        return {k: v for k, _, v in _node_attrs(self._op)}

    def __str__(self):
        t = _Text()
        _node_text(t, self._op)
        return "\n".join(t.lines) + "\n"

    __repr__ = __str__


class _Versions:
    producer = GRAPH_DEF_VERSION
    min_consumer = 0
    bad_consumers = ()

    def __str__(self):
        return "producer: %d\n" % self.producer


class GraphDef:
    def __init__(self, ops):
        self._ops = list(ops)
        self.node = [NodeDef(op) for op in self._ops]
        self.versions = _Versions()

    def __str__(self):
        t = _Text()
        for op in self._ops:
            t.open("node")
            _node_text(t, op)
            t.close()
        t.open("versions")
        t.field("producer", str(GRAPH_DEF_VERSION))
        t.close()
        return "\n".join(t.lines) + "\n"

    __repr__ = __str__

    def ByteSize(self):
        return len(str(self))


def _install():
    """tf.Graph.as_graph_def / graph_def_versions and tf.Operation.node_def (core's classes
    get them here, so that core imports no other facade module)."""
    core.Graph.as_graph_def = lambda self, from_version=None, add_shapes=False: GraphDef(self._ops)
    core.Graph.graph_def_versions = property(lambda self: _Versions())
    core.Operation.node_def = property(NodeDef)


_install()

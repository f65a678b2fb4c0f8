"""tf.strings (TensorFlow's string_ops): to_number / string_to_number (TF's parsing and
errors), substr, join / string_join and as_string."""
import builtins

from . import core
from .core import convert_to_tensor as _t, op1


def string_to_number(string_tensor, out_type=core.float32, name=None):
    """tf.strings.to_number / tf.string_to_number: InvalidArgumentError on unparsable input."""
    x = _t(string_tensor, dtype=core.string)
    out_type = core.as_dtype(out_type)
    return op1("StringToNumber", [x], {"out_type": out_type}, name or "StringToNumber")


def substr(input, pos, len, unit="BYTE", name=None):  # noqa: A002 - TensorFlow's argument names
    x = _t(input, dtype=core.string)
    p = _t(pos, dtype=core.int32)
    n = _t(len, dtype=p.dtype)
    return op1("Substr", [x, p, n], {"T": p.dtype, "unit": unit}, name or "Substr")


def substr_v1(input, pos, len, name=None, unit="BYTE"):  # noqa: A002
    return substr(input, pos, len, unit=unit, name=name)


def string_join(inputs, separator="", name=None):
    ts = [_t(i, dtype=core.string) for i in inputs]
    return core.apply_op("StringJoin", ts, {"N": builtins.len(ts), "separator": separator}, name or "StringJoin")[0]


def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):  # noqa: A002
    x = _t(input)
    return op1("AsString", [x], {"T": x.dtype, "precision": int(precision), "scientific": bool(scientific),
                                 "shortest": bool(shortest), "width": int(width), "fill": str(fill)},
               name or "AsString")


core.not_differentiable("StringToNumber", "Substr", "StringJoin", "AsString")

"""Run-time assertions (TensorFlow's check_ops and tf.Assert).

In a graph, tf.Assert is an op that fails the run with InvalidArgumentError("assertion
failed: [d0] [d1] ...") when its condition is false, each data tensor summarized as
TensorFlow's kernel does (the first `summarize` elements, nested brackets per dimension,
"..." where elements were left out). The comparison asserts (assert_equal, assert_less, ...)
build the condition, fail at construction when both sides are constants and the condition
is false, and otherwise add such an op; eagerly they check at once. Here the op is a host
call named Assert (no kernel of its own); what runs and what fails is TensorFlow's."""
import numpy as np

from . import array_ops, core, math_ops, script_ops
from .core import convert_to_tensor as _t


def _element(v):
    """One element as TensorFlow's SummarizeValue prints it."""
    if isinstance(v, (bytes, np.bytes_)):
        return v.decode("utf-8", "replace")
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if np.isnan(f):
            return "nan"
        if np.isinf(f):
            return "inf" if f > 0 else "-inf"
        text = "%.6g" % f
        if isinstance(v, np.float32) and np.float32(text) != v:
            text = "%.9g" % f
        elif not isinstance(v, np.float32) and float(text) != f:
            text = "%.17g" % f
        return text
    return str(int(v))


def summarize(value, limit):
    """TensorFlow's Tensor::SummarizeValue(limit): the first `limit` elements (all when
    negative), rows in brackets, "..." where elements were left out."""
    arr = np.asarray(value)
    flat = arr.reshape(-1)
    n = flat.size
    limit = n if limit is None or limit < 0 else min(limit, n)
    out = []
    if arr.ndim == 0:
        out.append(" ".join(_element(flat[i]) for i in range(limit)))
    else:
        pos = [0]

        def dim(d):
            if pos[0] >= limit:
                return
            if d == arr.ndim - 1:
                for i in range(arr.shape[d]):
                    if pos[0] >= limit:
                        if d != 0:
                            out.append("...")
                        return
                    if i > 0:
                        out.append(" ")
                    out.append(_element(flat[pos[0]]))
                    pos[0] += 1
                return
            for _ in range(arr.shape[d]):
                opened = pos[0] < limit
                if opened:
                    out.append("[")
                dim(d + 1)
                if pos[0] < limit or opened:
                    out.append("]")
        dim(0)
    if n > limit:
        out.append("...")
    return "".join(out)


def _static_string(d):
    """A data entry of an assertion that fails at construction: its constant value as
    NumPy prints it, else the object itself."""
    if not isinstance(d, core.Tensor):
        return str(d)
    v = core.constant_value(d)
    return str(d) if v is None else str(v)


def _invalid(message):
    return core._BY_CODE[3](None, None, message)


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 (TensorFlow's name)
    """tf.debugging.Assert."""
    limit = 3 if summarize is None else summarize
    if core.executing_eagerly():
        cond = _t(condition)
        if not bool(np.all(cond._numpy())):
            parts = []
            for d in data:
                if isinstance(d, str):
                    parts.append(repr(d.encode()))
                else:
                    v = _t(d)._numpy()
                    parts.append(repr(v) if v.dtype.kind in "SUO" else
                                 ", ".join(_element(x) if v.dtype.kind != "f" else repr(float(x))
                                           for x in v.reshape(-1)[:limit]) + (", ..." if v.size > limit else ""))
            raise _invalid("Expected '%s' to be true. Summarized data: %s" % (cond, "\n".join(parts)))
        return None
    g = core.get_default_graph()
    with g.name_scope(name or "Assert"):
        cond = _t(condition, name="Condition") if not isinstance(condition, core.Tensor) else condition
        tensors = [_t(d) for d in data]

        def check(vals):
            if not bool(np.all(vals[0])):
                # (code, message): the run fails with InvalidArgumentError, as TF's Assert kernel
                import _tfrt
                raise _tfrt.StatusError(3, "assertion failed: " + " ".join("[%s]" % summarize_value(v, limit)
                                                                             for v in vals[1:]))
            return []
        return script_ops.host_call(check, [cond] + tensors, [], "Assert")


def summarize_value(v, limit):
    return summarize(v, limit)


_OPS = {
    "assert_equal": ("==", math_ops.equal, np.equal),
    "assert_none_equal": ("!=", math_ops.not_equal, np.not_equal),
    "assert_less": ("<", math_ops.less, np.less),
    "assert_less_equal": ("<=", math_ops.less_equal, np.less_equal),
    "assert_greater": (">", math_ops.greater, np.greater),
    "assert_greater_equal": (">=", math_ops.greater_equal, np.greater_equal),
}


def _binary(opname):
    sym, test_op, static_fn = _OPS[opname]

    def assert_fn(x, y, data=None, summarize=None, message=None, name=None):
        if core.executing_eagerly():
            x, y = _t(x), _t(y, dtype=_t(x).dtype)
            xv, yv = x._numpy(), y._numpy()
            if not bool(np.all(static_fn(xv, yv))):
                if data is None:
                    lim = 3 if summarize is None else summarize
                    lines = ([message] if message else []) + [
                        "Condition x %s y did not hold." % sym,
                        "First %d elements of x:" % min(lim, xv.size), str(xv.reshape(-1)[:lim]),
                        "First %d elements of y:" % min(lim, yv.size), str(yv.reshape(-1)[:lim])]
                    raise _invalid("\n".join(lines))
                raise _invalid("\n".join(str(d) for d in data))
            return None
        g = core.get_default_graph()
        if opname == "assert_equal":
            # TF's v1 assert_equal opens its name scope once to test `x is y`, then again
            # for the check: the ops land in the second (`assert_equal_1/...`)
            with g.name_scope(name or opname):
                if x is y:
                    from . import control_flow_ops
                    return control_flow_ops.no_op()
        with g.name_scope(name or opname):
            x = _t(x, name="x")
            y = _t(y, dtype=x.dtype, name="y")
            if data is None:
                data = ([message] if message else []) + [
                    "Condition x %s y did not hold element-wise:" % sym, "x (%s) = " % x.name, x,
                    "y (%s) = " % y.name, y]
            condition = math_ops.reduce_all(test_op(x, y))
            xs, ys = core.constant_value(x), core.constant_value(y)
            if xs is not None and ys is not None:
                if not bool(np.all(static_fn(xs, ys))):
                    raise _invalid("\n".join(_static_string(d) for d in data))
            return Assert(condition, data, summarize=summarize)
    assert_fn.__name__ = opname
    return assert_fn


assert_equal = _binary("assert_equal")
assert_none_equal = _binary("assert_none_equal")
assert_less = _binary("assert_less")
assert_less_equal = _binary("assert_less_equal")
assert_greater = _binary("assert_greater")
assert_greater_equal = _binary("assert_greater_equal")


def _sign(opname, sym, strict, zero_first, glued=False):
    """assert_positive / non_negative (0 < x, 0 <= x) and negative / non_positive (x < 0,
    x <= 0): x against zero through assert_less / assert_less_equal, with TensorFlow's
    message prefix ("message.  ") and data. `glued`: TensorFlow's assert_non_positive joins
    its condition line and the "x (...) = " line into one entry (no separator)."""

    def lines(condition, x_line):
        return [condition + x_line] if glued else [condition, x_line]
    def assert_fn(x, data=None, summarize=None, message=None, name=None):
        prefix = "%s.  " % message if message else ""
        if core.executing_eagerly():
            x = _t(x)
            xv = x._numpy()
            if data is None:
                data = [prefix] + lines("Condition x %s 0 did not hold element-wise:" % sym,
                                        "x (shape=%s dtype=%s) = " % (core._shape_str(x.shape), x.dtype.name)) + [
                        str([repr(float(v)) if xv.dtype.kind == "f" else str(v) for v in xv.reshape(-1)[:3]]
                            + (["..."] if xv.size > 3 else [])).replace('"', "'")]
            a, b = (0, xv) if zero_first else (xv, 0)
            if not bool(np.all((np.less if strict else np.less_equal)(a, b))):
                raise _invalid("\n".join(str(d) for d in data))
            return None
        g = core.get_default_graph()
        with g.name_scope(name or opname):
            x = _t(x, name="x")
            if data is None:
                data = [prefix] + lines("Condition x %s 0 did not hold element-wise:" % sym, "x (%s) = " % x.name) + [x]
            zero = _t(0, dtype=x.dtype)
            a, b = (zero, x) if zero_first else (x, zero)
            return (assert_less if strict else assert_less_equal)(a, b, data=data, summarize=summarize)
    assert_fn.__name__ = opname
    return assert_fn


assert_positive = _sign("assert_positive", ">", strict=True, zero_first=True)
assert_non_negative = _sign("assert_non_negative", ">=", strict=False, zero_first=True)
assert_negative = _sign("assert_negative", "<", strict=True, zero_first=False)
assert_non_positive = _sign("assert_non_positive", "<=", strict=False, zero_first=False, glued=True)


def assert_rank(x, rank, message=None, name=None):
    """Static when the rank is known: a ValueError at construction (TensorFlow's message);
    otherwise a run-time check of tf.rank."""
    x = _t(x)
    prefix = "%s.  " % message if message else ""
    if x.shape.ndims is not None:
        if x.shape.ndims != rank:
            who = "" if core.executing_eagerly() else "Tensor %s " % x.name
            raise ValueError("%s%smust have rank %d.  Received rank %d, shape %s"
                             % (prefix, who, rank, x.shape.ndims, x.shape))
        if core.executing_eagerly():
            return None
        from . import control_flow_ops
        return control_flow_ops.no_op(name=name or "assert_rank")
    return assert_equal(array_ops.rank(x), rank, message=message, name=name or "assert_rank")


def assert_rank_at_least(x, rank, message=None, name=None):
    x = _t(x)
    prefix = "%s.  " % message if message else ""
    if x.shape.ndims is not None:
        if x.shape.ndims < rank:
            who = "" if core.executing_eagerly() else "Tensor %s " % x.name
            raise ValueError("%s%smust have rank at least %d.  Received rank %d, shape %s"
                             % (prefix, who, rank, x.shape.ndims, x.shape))
        return None
    return assert_greater_equal(array_ops.rank(x), rank, message=message, name=name or "assert_rank_at_least")


def assert_type(tensor, tf_type, message=None, name=None):
    tensor = _t(tensor)
    tf_type = core.as_dtype(tf_type)
    if tensor.dtype != tf_type:
        prefix = "%s.  " % message if message else ""
        raise TypeError("%s%s must be of type %r; got %r" % (prefix, getattr(tensor, "name", "tensor"), tf_type,
                                                             tensor.dtype))
    return None


def assert_integer(x, message=None, name=None):
    x = _t(x)
    if not x.dtype.is_integer:
        prefix = "%s.  " % message if message else ""
        raise TypeError("%sExpected \"x\" to be integer type.  Found: %s of dtype %s"
                        % (prefix, x.name if not core.executing_eagerly() else "tensor", x.dtype))
    return None


def assert_scalar(tensor, name=None, message=None):
    tensor = _t(tensor)
    if tensor.shape.ndims is not None and tensor.shape.ndims != 0:
        prefix = "%s.  " % message if message else ""
        raise ValueError("%sExpected scalar shape for %s, saw shape: %s."
                         % (prefix, tensor.name if not core.executing_eagerly() else "tensor", tensor.shape))
    return tensor


def names():
    """The API names (tf.debugging's and, in TF1, the top level's)."""
    return {"Assert": Assert, "assert_equal": assert_equal, "assert_none_equal": assert_none_equal,
            "assert_less": assert_less, "assert_less_equal": assert_less_equal, "assert_greater": assert_greater,
            "assert_greater_equal": assert_greater_equal, "assert_positive": assert_positive,
            "assert_non_negative": assert_non_negative, "assert_negative": assert_negative,
            "assert_non_positive": assert_non_positive, "assert_rank": assert_rank,
            "assert_rank_at_least": assert_rank_at_least, "assert_type": assert_type,
            "assert_integer": assert_integer, "assert_scalar": assert_scalar}

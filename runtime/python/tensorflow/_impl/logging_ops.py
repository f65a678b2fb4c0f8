"""tf.print: formatted as TensorFlow's PrintV2 kernel formats (C++ SummarizeValue); eagerly it
prints now, in a graph or tf.function a node prints each time it runs."""
import sys

import numpy as np

from . import core, nest, script_ops
from .core import Tensor


def _fmt_scalar(x):
    """One element as TF's tf.print (C++ SummarizeValue) writes it."""
    if isinstance(x, (bytes, str)):
        return '"%s"' % (x.decode("utf-8", "replace") if isinstance(x, bytes) else x)
    if isinstance(x, (np.bool_, bool)):
        return "1" if x else "0"
    if isinstance(x, np.floating):
        if x.dtype == np.float64:
            t = "%.15g" % x
            return t if float(t) == x else "%.17g" % x
        t = "%.6g" % x
        return t if np.float32(float(t)) == np.float32(x) or np.isnan(x) else "%.9g" % x
    if isinstance(x, np.integer):
        return str(int(x))
    return str(x)


def _fmt_array(a, summarize, depth=0):
    n = a.shape[0]
    if summarize >= 0 and n > 2 * summarize:
        idx = list(range(summarize)) + [None] + list(range(n - summarize, n))
    else:
        idx = list(range(n))
    if a.ndim == 1:
        return "[" + " ".join("..." if i is None else _fmt_scalar(a[i]) for i in idx) + "]"
    sep = "\n" * (a.ndim - 1) + " " * (depth + 1)
    return "[" + sep.join("..." if i is None else _fmt_array(a[i], summarize, depth + 1) for i in idx) + "]"


def _format(v, summarize=3):
    if isinstance(v, Tensor):
        v = v._numpy() if isinstance(v, core.EagerTensor) else v
    if hasattr(v, "_as_tensor") and not isinstance(v, Tensor) and core.executing_eagerly():
        v = v._as_tensor()._numpy()
    if isinstance(v, np.ndarray):
        if v.ndim == 0:
            return _fmt_scalar(v[()])
        if v.size == 0:
            return "[]"
        return _fmt_array(v, summarize if summarize is not None else 3)
    if isinstance(v, (np.generic, bytes)):
        return _fmt_scalar(v)
    if isinstance(v, dict):
        return "{" + ", ".join("%r: %s" % (k, _format(v[k], summarize)) for k in v) + "}"
    if isinstance(v, (list, tuple)):
        inner = ", ".join(_format(x, summarize) for x in v)
        return "[%s]" % inner if isinstance(v, list) else "(%s)" % inner
    return str(v)


def _is_tensorish(x):
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")


def print_(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):
    """tf.print: eagerly prints now; in a graph or tf.function a PrintV2 node prints each
    time it runs (every call of the function), formatted as TensorFlow does."""
    stream = output_stream
    if isinstance(stream, str):
        stream = sys.stdout if "stdout" in stream else sys.stderr

    def emit(vals):
        # TF's PrintV2 kernel writes to the process's stdout/stderr in C++, beneath Python's
        # sys.stdout (so `tfmigrate run` traces do not record it, for either backend)
        text = sep.join(_format(v, summarize) for v in vals) + end
        if stream is sys.stdout or stream is sys.__stdout__ or getattr(stream, "_s", None) is sys.__stdout__:
            sys.stdout.flush()
            sys.__stdout__.write(text)
            sys.__stdout__.flush()
        elif stream is sys.stderr or stream is sys.__stderr__:
            sys.stderr.write(text)
        else:
            stream.write(text)

    if core.executing_eagerly():
        emit(inputs)
        return None
    leaves = nest.flatten(list(inputs))
    tensors = [core.convert_to_tensor(i) for i in leaves if _is_tensorish(i)]

    def cb(vals):
        it = iter(vals)
        emit(nest.pack_sequence_as(list(inputs), [next(it) if _is_tensorish(t) else t for t in leaves]))
        return []
    return script_ops.host_call(cb, tensors, [], name or "PrintV2")


def Print(input_, data, message=None, first_n=None, summarize=None, name=None):  # noqa: N802 (TF's name)
    """tf.compat.v1.Print: an identity of `input_` whose Print node (kernels_summary.cc) writes
    `message` and each of `data` summarized ("[1 2 3...]") to stderr each time it runs, for the
    first `first_n` runs when given."""
    x = core.convert_to_tensor(input_)
    ds = [core.convert_to_tensor(d) for d in data]
    attrs = {"T": x.dtype, "U": [d.dtype.as_datatype_enum for d in ds], "message": message or "",
             "first_n": -1 if first_n is None else int(first_n), "summarize": 3 if summarize is None else int(summarize)}
    return core.op1("Print", [x] + ds, attrs, name or "Print")

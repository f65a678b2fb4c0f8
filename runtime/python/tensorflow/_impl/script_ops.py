"""Python on the host: the runtime's host callback (`host_call`: a PyFunc node whose kernel
calls back into Python each time it runs; tf.print, datasets, summaries and the gradient
of a while loop are built on it), tf.py_function and tf.numpy_function / py_func."""
import numpy as np

import _tfrt
from . import core


_host_fns = {}


def _dispatch(token, ins):
    fn, outs = _host_fns[token]
    arrays = [core._np_from_rt(t) for t in ins]
    res = fn([a if a.ndim else a[()] for a in arrays])
    res = [] if res is None else (list(res) if isinstance(res, (list, tuple)) else [res])
    return [core._rt_from_np(np.asarray(r, dtype=d.as_numpy_dtype if d.name != "string" else object), d) for r, d in zip(res, outs)]


_tfrt.set_host_callback(_dispatch)


def host_call(fn, inputs, out_dtypes, name):
    token = len(_host_fns) + 1
    _host_fns[token] = (fn, out_dtypes)
    attrs = {"token": token, "Tout": [d.as_datatype_enum for d in out_dtypes]}
    res = core.apply_op("PyFunc", inputs, attrs, name)
    if not out_dtypes:
        return core.get_default_graph()._ops[-1]
    return res


def py_function(func, inp, Tout, name=None):
    single = not isinstance(Tout, (list, tuple))
    touts = [core.as_dtype(t) for t in ([Tout] if single else Tout)]
    ins = [core.convert_to_tensor(i) for i in inp]
    if core.executing_eagerly():
        r = func(*ins)
        return r
    def cb(vals):
        with core.force_eager():
            r = func(*[core.convert_to_tensor(v) for v in vals])
        r = r if isinstance(r, (list, tuple)) else [r]
        return [np.asarray(x) for x in r]
    res = host_call(cb, ins, touts, name or "EagerPyFunc")
    return res[0] if single else res


def numpy_function(func, inp, Tout, stateful=True, name=None):
    """tf.numpy_function / tf.compat.v1.py_func: `func` gets and returns NumPy values; in a
    graph it runs on the host each time the op executes."""
    single = not isinstance(Tout, (list, tuple))
    touts = [core.as_dtype(t) for t in ([Tout] if single else Tout)]
    ins = [core.convert_to_tensor(i) for i in inp]

    def call(vals):
        r = func(*vals)
        r = list(r) if isinstance(r, (list, tuple)) else [r]
        return [np.asarray(x, dtype=d.as_numpy_dtype) for x, d in zip(r, touts)]
    if core.executing_eagerly():
        outs = [core.constant_value_tensor(v, d) for v, d in zip(call([i._numpy() for i in ins]), touts)]
    else:
        outs = host_call(call, ins, touts, name or "PyFunc")
        outs = outs if isinstance(outs, (list, tuple)) else [outs]
    return outs[0] if single else list(outs)

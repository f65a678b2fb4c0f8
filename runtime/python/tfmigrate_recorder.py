"""The trace recorder behind `tfmigrate run` (tfmigrate_runner.py is its entry point): runs a
user script and records its behaviour as a JSON-lines trace.

The same recorder serves both backends: the bundled facade (`tensorflow` from
runtime/python) and real TensorFlow (the venv); see docs/trace-format.md for the schema.
Usage: python3 tfmigrate_runner.py --mode tf1|tf2 --backend bundled|tensorflow
                                   [--deterministic-random] --trace FILE SCRIPT [ARGS...]
Exit codes: 0 ok, 1 the script raised, 3 unsupported TF symbol (bundled), 4 MemoryError.
A module, not the script itself: Python compiles a script on every run but caches an
imported module's bytecode (the recorder is ~40 M instructions to compile)."""
import gc
import itertools
import json
import math
import os
import re
import sys
import threading

_NUM = re.compile(r"[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?)|\bnan\b|\binf\b")


class Trace:
    def __init__(self, path):
        self._f = open(path, "w", buffering=1) if path else None
        self.fetch_calls = 0
        self.quiet = False  # set while the recorder reads variables through a patched Session.run
        self.script = None  # absolute path of the user's script, for source lines
        self.paths = []   # (absolute directory, placeholder): keeps traces machine-independent

    def _portable(self, s):
        for p, r in self.paths:
            s = s.replace(p, r)
        return s

    def write(self, rec):
        for k in ("text", "message"):
            if isinstance(rec.get(k), str):
                rec[k] = self._portable(rec[k])
        if "text" in rec:
            rec["numbers"] = parse_numbers(rec["text"])
        if self._f:
            if rec.get("kind") == "variables" and any(isinstance(v, _LargeFloats) for v in rec["values"].values()):
                self._write_variables(rec)
            else:
                self._f.write(json.dumps(rec, sort_keys=True) + "\n")

    def _write_variables(self, rec):
        """The variables record, the bytes json.dumps(rec, sort_keys=True) would write, with
        large float arrays encoded a slice at a time (a model of 10^7 parameters as one JSON
        string passes the bundled backend's address-space limit)."""
        assert set(rec) == {"kind", "values"}
        f = self._f
        f.write('{"kind": %s, "values": {' % json.dumps(rec["kind"]))
        for i, k in enumerate(sorted(rec["values"])):
            f.write((", " if i else "") + json.dumps(k) + ": ")
            v = rec["values"][k]
            if isinstance(v, _LargeFloats):
                v.write(f)
            else:
                f.write(json.dumps(v, sort_keys=True))
        f.write("}}\n")


    def line(self):
        """Line of the innermost frame of the user's script on the current stack, or None."""
        f = sys._getframe(1)
        while f is not None:
            if f.f_code.co_filename == self.script:
                return f.f_lineno
            f = f.f_back
        return None


def parse_numbers(text):
    out = []
    for m in _NUM.findall(text):
        try:
            out.append(float(m))
        except ValueError:
            pass
    return [_json_float(x) for x in out]


def _json_float(x):
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return str(x)
    return x


class _Tee:
    """Passes the script's stdout through and records each completed line."""

    def __init__(self, stream, trace):
        self._s, self._t, self._buf, self._line = stream, trace, "", None

    def write(self, s):
        self._s.write(s)
        if not self._buf:
            self._line = self._t.line()
        self._buf += s
        while "\n" in self._buf:
            line, self._buf = self._buf.split("\n", 1)
            self._t.write({"kind": "print", "text": line, "numbers": parse_numbers(line), "line": self._line})
            if self._buf:
                self._line = self._t.line()
        return len(s)

    def flush(self):
        self._s.flush()

    def finish(self):
        if self._buf:
            self._t.write({"kind": "print", "text": self._buf, "numbers": parse_numbers(self._buf),
                           "line": self._line})
            self._buf = ""

    def __getattr__(self, k):
        return getattr(self._s, k)


class _LargeFloats:
    """A float array's value record (dtype, shape, values) kept as the array until written."""
    SIZE = 1 << 20  # elements from which a variable's record is written this way

    def __init__(self, a):
        self.a = a

    def write(self, f):
        import numpy as np
        a = self.a
        f.write('{"dtype": %s, "shape": %s, "values": [' % (json.dumps(a.dtype.name), json.dumps(list(a.shape))))
        flat = a.ravel()
        for i in range(0, flat.size, 1 << 16):
            part = flat[i:i + (1 << 16)]
            vals = part.tolist()
            if np.isfinite(part).all():
                text = ", ".join(map(float.__repr__, vals))
            else:
                text = ", ".join(json.dumps(_json_float(float(x))) for x in vals)
            f.write((", " if i else "") + text)
        f.write("]}")


# A variable of more float values than this is recorded by a sample: every k-th value
# (k the smallest stride giving at most _SAMPLE values) and the last one, so that a model of
# 100 M parameters writes megabytes, not gigabytes, and two runs compare the same positions.
_SAMPLED_FROM = 1 << 22
_SAMPLE = 1 << 16


def variable_record(v):
    """value_record of a variable's value; a large float array stays an array until written,
    a very large one is sampled (its record says so: `sampled` holds the shape and stride)."""
    import numpy as np
    if isinstance(v, np.ndarray) and v.dtype.kind == "f" and v.size > _SAMPLED_FROM:
        flat = v.ravel()
        stride = -(-flat.size // _SAMPLE)
        picked = np.concatenate([flat[::stride], flat[-1:]])
        rec = value_record(picked)
        rec["sampled"] = {"shape": list(v.shape), "stride": stride}
        return rec
    if isinstance(v, np.ndarray) and v.dtype.kind == "f" and v.size >= _LargeFloats.SIZE:
        return _LargeFloats(v)
    return value_record(v)


def value_record(v):
    """dtype/shape/values of a fetched or returned value (numpy, tensor, variable, python)."""
    import numpy as np
    if v is None:
        return {"python": "None"}
    if hasattr(v, "numpy") and not isinstance(v, np.ndarray):
        try:
            v = v.numpy()
        except Exception:  # noqa: BLE001 - symbolic values have no numpy()
            return {"python": type(v).__name__, "repr": str(v)}
    if isinstance(v, (np.ndarray, np.generic, int, float, bool)):
        a = np.asarray(v)
        if a.dtype.kind in "OSU":
            vals = [x.decode("utf-8", "backslashreplace") if isinstance(x, bytes) else str(x) for x in a.ravel().tolist()]
            return {"dtype": "string", "shape": list(a.shape), "values": vals}
        vals = a.ravel().tolist()
        if a.dtype.kind == "f":
            vals = [_json_float(float(x)) for x in vals]
        dt = "bool" if a.dtype.kind == "b" else a.dtype.name
        if isinstance(v, (int, float, bool)) and not isinstance(v, np.generic):
            dt = "python_" + type(v).__name__
        return {"dtype": dt, "shape": list(a.shape), "values": vals}
    if isinstance(v, (bytes, str)):
        # bytes that are not UTF-8 (serialized protos: summaries) keep every byte, escaped
        return {"dtype": "string", "shape": [], "values": [v.decode("utf-8", "backslashreplace") if isinstance(v, bytes) else v]}
    return {"python": type(v).__name__}


def summary_inputs(f):
    """The tensors a fetched TF1 summary (ScalarSummary, HistogramSummary, a MergeSummary of
    them) summarizes, or None. The recorder records their values in the summary's place: a
    TF2 program writes the same values with tf.summary.scalar/histogram, and the serialized
    Summary bytes of the two versions differ in form (a simple_value or HistogramProto
    against a tensor), not in what they say."""
    op = getattr(f, "op", None)
    kind = getattr(op, "type", None)
    try:
        if kind in ("ScalarSummary", "HistogramSummary"):
            return [op.inputs[1]]
        if kind == "MergeSummary":
            parts = [summary_inputs(i) for i in op.inputs]
            return None if any(p is None for p in parts) else [t for p in parts for t in p]
    except Exception:  # noqa: BLE001 - an odd fetch: recorded as it is
        return None
    return None


def flatten(v):
    if isinstance(v, dict):
        return [y for k in sorted(v, key=str) for y in flatten(v[k])]
    if isinstance(v, (list, tuple)):
        return [y for x in v for y in flatten(x)]
    return [v]


# An exception the script does not catch is printed as Python prints it, minus the frames
# of tfmigrate's own code: the runner, this recorder and the bundled tensorflow / keras
# facade (every file under runtime/python/, where this module lives), as TensorFlow leaves
# its own frames out of the tracebacks it shows. The user's frames remain, also where the
# facade calls user code back (tf.function bodies, Keras layers, dataset functions), and
# chained exceptions are filtered alike (runtime/README.md, "Tracebacks").
_OWN_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _own_frame(filename, script):
    if filename.startswith("<frozen importlib"):
        return True
    path = os.path.abspath(filename)
    return path != script and path.startswith(_OWN_DIR)


_PY_CELL_MAGICS = ("%%time", "%%timeit", "%%capture")


def _is_magic_line(line):
    t = line.strip()
    if not t:
        return False
    if t[0] in "%!":
        return True
    return t.endswith("?") and "#" not in t  # `obj?` help


def notebook_cells(path):
    """The code cells of a notebook, in order, as (code cell number, first line, Python
    source): the notebook's virtual module, as the analyzer makes it
    (analyzer/source/source.cc), so that trace lines are the lines `tfmigrate check` reports
    for the same code. IPython syntax is blanked: a magic, shell or help line becomes a
    comment, except `%time STMT`, which runs STMT; a cell magic other than %%time / %%timeit /
    %%capture makes the whole cell foreign (all comments). `tfmigrate run` has checked the
    JSON first."""
    with open(path, "rb") as f:
        nb = json.loads(f.read().decode("utf-8"))
    cells, n, first = [], 0, 1
    for cell in nb.get("cells", []):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        n += 1
        src = cell.get("source", "")
        if isinstance(src, list):
            src = "".join(src)
        if not src:
            continue  # no lines in the virtual module either
        if src.endswith("\n"):
            src = src[:-1]
        lines = src.split("\n")
        foreign = lines[0].startswith("%%")
        if foreign and any(lines[0] == m or lines[0].startswith(m + " ") for m in _PY_CELL_MAGICS):
            foreign = False
            lines[0] = "#" + lines[0][1:]
        out = []
        for line in lines:
            i = len(line) - len(line.lstrip())
            if not foreign and line[i:].startswith("%time "):  # `%time STMT` runs STMT once
                line = line[:i] + line[i + 6:].lstrip()
            elif foreign or _is_magic_line(line):
                line = line[:i] + "#" + line[i + 1:] if line[i:] else line
            out.append(line)
        cells.append((n, first, "\n".join(out) + "\n"))
        first += len(out)
    return cells


def notebook_position(script, line):
    """"cell N, line M" of a line of a notebook's virtual module (None: not a notebook)."""
    if not script.endswith(".ipynb") or not line:
        return None
    for n, first, src in reversed(notebook_cells(script)):
        if line >= first:
            return "cell %d, line %d" % (n, line - first + 1)
    return None


def run_notebook(script, namespace):
    """Runs a notebook's code cells in order in one namespace, as Jupyter's kernel does: a
    cell whose last statement is an expression shows its value (repr, unless None or the
    line ends with `;`), as IPython's display hook prints Out[n]. Each cell compiles under
    the notebook's path with the lines of the virtual module (registered with linecache,
    so tracebacks show the code)."""
    import ast
    import linecache
    cells = notebook_cells(script)
    module = "".join(src for _, _, src in cells)
    linecache.cache[script] = (len(module), None, module.splitlines(True), script)
    for _, first, src in cells:
        tree = ast.parse(src, script, "exec")
        ast.increment_lineno(tree, first - 1)
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr) and not src.rstrip().endswith(";"):
            last = tree.body.pop()
        exec(compile(tree, script, "exec"), namespace)  # noqa: S102 - the user's cell
        if last is not None:
            expr = ast.Expression(last.value)
            value = eval(compile(expr, script, "eval"), namespace)  # noqa: S307
            if value is not None:
                # printed from a frame of the cell's last line (the print record's line)
                show = ast.Expression(ast.Call(ast.Name("__show", ast.Load()), [ast.Name("__value", ast.Load())], []))
                ast.copy_location(show.body, last)
                ast.fix_missing_locations(show)
                eval(compile(show, script, "eval"), namespace,  # noqa: S307
                     {"__show": lambda v: print(repr(v)), "__value": value})


def print_user_traceback(e, script, out):
    import traceback
    te = traceback.TracebackException(type(e), e, e.__traceback__)
    seen, todo = set(), [te]
    while todo:
        t = todo.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        t.stack = traceback.StackSummary.from_list([f for f in t.stack if not _own_frame(f.filename, script)])
        todo += [c for c in (t.__cause__, t.__context__) if c is not None]
        todo += list(getattr(t, "exceptions", None) or [])
    out.write("".join(te.format()))

def exception_message(e):
    """The line of an exception's message that says what went wrong (at most 500 characters).

    Usually the first line; errors raised while tracing a tf.function start with "in user
    code:" and a traceback, and end with the original message, which is taken instead."""
    lines = [x.strip() for x in str(e).split("\n") if x.strip()]
    if not lines:
        return ""
    if lines[0].startswith("in user code:") and len(lines) > 1:
        return lines[-1][:500]
    return lines[0][:500]


def install_variable_reads(trace, var_base):
    """`v.numpy()` written in the script (what a TF2 program writes for TF1's
    `sess.run(v)`): recorded as a value read, in order with the fetched and returned
    values, so that the two versions line up value by value. Calls made from anywhere
    else (Keras, TensorFlow, the recorder) are not the program's reads."""
    seen, todo = set(), [var_base]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        todo.extend(cls.__subclasses__())
        orig = cls.__dict__.get("numpy")
        if orig is None or getattr(orig, "_tfm", False):
            continue

        def numpy(self, _orig=orig):
            out = _orig(self)
            if not trace.quiet and sys._getframe(1).f_code.co_filename == trace.script:
                try:
                    name = self.name
                except Exception:  # noqa: BLE001
                    name = "variable"
                trace.write({"kind": "variable_read", "variable": name, "values": [value_record(out)],
                             "line": trace.line()})
            return out
        numpy._tfm = True
        cls.numpy = numpy


def install_eager_evaluate(trace, tf_top):
    """`self.evaluate(x)` written in a tf.test.TestCase of the script while eager (what a TF2
    test writes for a graph test's `sess.run(x)` / `x.eval()`): recorded as a fetch, numbered
    with the sessions' runs, so that a converted test file lines up run by run with its
    original. In graph mode evaluate runs a session, whose run is recorded already."""
    try:
        cls = tf_top.test.TestCase
    except AttributeError:
        return
    orig = cls.__dict__.get("evaluate")
    if orig is None or getattr(orig, "_tfm", False):
        return

    def evaluate(self, tensors, _orig=orig):
        if (trace.quiet or not tf_top.executing_eagerly() or threading.current_thread() is not threading.main_thread()
                or sys._getframe(1).f_code.co_filename != trace.script):
            return _orig(self, tensors)
        trace.fetch_calls += 1
        n = trace.fetch_calls
        line = trace.line()
        try:
            out = _orig(self, tensors)
        except BaseException as e:
            trace.write({"kind": "fetch_error", "call": n, "type": type(e).__name__, "line": line})
            raise
        trace.write({"kind": "fetch", "call": n, "values": [value_record(x) for x in flatten(out)], "line": line})
        return out
    evaluate._tfm = True
    cls.evaluate = evaluate
    # An assertion given a tensor (`self.assertAllLess(tf.constant([2, 3]), 4)`) read it in
    # a graph test with a session run (recorded); an eager test reads its value: recorded
    # the same way, so the two line up
    orig_nd = cls.__dict__.get("_GetNdArray")
    if orig_nd is None or getattr(orig_nd, "_tfm", False):
        return

    def get_nd_array(self, a, _orig=orig_nd):
        if (trace.quiet or not tf_top.executing_eagerly() or threading.current_thread() is not threading.main_thread()
                or not (tf_top.is_tensor(a) and hasattr(a, "numpy"))):
            return _orig(self, a)
        trace.fetch_calls += 1
        n = trace.fetch_calls
        line = trace.line()
        out = _orig(self, a)
        trace.write({"kind": "fetch", "call": n, "values": [value_record(out)], "line": line})
        return out
    get_nd_array._tfm = True
    cls._GetNdArray = get_nd_array


def install_observe(trace):
    """Hooks `tfmigrate.observe(name, value)` (runtime/python/tfmigrate) to record `observe` records."""
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("tfmigrate", os.path.join(here, "tfmigrate", "__init__.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def record(name, value):
        trace.write({"kind": "observe", "name": str(name), "values": [value_record(x) for x in flatten(value)],
                     "line": trace.line()})
    mod._recorder = record
    sys.modules["tfmigrate"] = mod


# The public spellings of the three random ops, by namespace (TF 2 top level, tf.random,
# and their tf.compat.v1 counterparts); all reach random_ops' functions.
_RANDOM_SPELLINGS = {"random_normal": ("random_normal", "normal"),
                     "truncated_normal": ("truncated_normal", "truncated_normal"),
                     "random_uniform": ("random_uniform", "uniform")}


# The TF1 session whose run is executing (its serial number), for the draws of seeded ops:
# each TF1 session runs an op with a kernel of its own, whose numbers start from the seed.
_RUNNING = {"session": None, "serials": 0}


def _weak(obj):
    """A weak reference to `obj`, or a strong one where it takes none."""
    import weakref
    try:
        return weakref.ref(obj)
    except TypeError:
        return lambda: obj


def install_random_hooks(trace, backend, tf_top, v1, deterministic):
    """Wraps tf.random.normal / uniform / truncated_normal (and the TF1 spellings, and the
    initializers built on them): each creation of a random op writes a `random_op` record
    (once per op kind and script line), so `diff` can tell that random numbers were drawn.

    With `deterministic`, the n-th random op the program creates also becomes op number n
    with its own numpy stream seeded n; every *execution* of that op draws the next block
    of its stream: an op executed eagerly draws once, an op in a TF1 graph draws anew on
    every sess.run that runs it, an op traced into a tf.function draws anew on every call.
    Two versions of a model that create their random ops in the same order therefore see
    the same numbers, and a version that freezes a draw TF1 repeated (the guide's
    NoiseAdder) shows up as a divergence (the idea of the migration guide's
    DeterministicRandomTestTool, "num_random_ops" mode).

    An op with an op seed draws as TensorFlow's does, from a stream given by its kind, dtype
    and seed pair (its number is not used): two such ops with the same seeds draw the same
    numbers; in a TF1 graph every session starts the op's stream again (its own kernel); an
    eager draw continues the stream of the last eager draw with those seeds until
    tf.random.set_seed starts them all again (TF2's kernel cache); an op traced into a
    tf.function has its own stream, continued by every call.

    A draw's shape must be known when the op is made; a graph tensor counts when its value
    is known statically (tf.get_static_value; the bundled runtime's core.constant_value),
    as tf.shape(x) of a fully known x, a dropout's draw. Otherwise the op stays random.

    A tf.random.Generator draws from one numbered stream per generator (numbered when it
    first draws, or, for one made by split or from_non_deterministic_state, when an eager
    draw is made before that: the tf2 rewrite makes the generators of TF1's shared random
    ops before it builds the layers TF1 made after them), each execution continuing it. A
    generator made directly by Generator.from_seed(s) (not by split, from_non_deterministic_state or the constructor)
    draws instead from the keyed stream of a TF1 op with op seed s: key get_seed(s) as taken
    when the generator is made, one stream per (generator, kind, dtype), every draw continuing
    it: the numbers TF1's op seeded s draws on its successive sess.run calls in one session
    (the tf2 rewrite's form of a seeded dropout several sess.run sites ran).

    Keras initializers (Keras 3's keras.src.backend.tensorflow.random; on the bundled backend
    tensorflow._impl.keras.random_backend, the same functions): an unseeded draw is a
    numbered op; one given an int seed draws, on every call, the START of the keyed stream of
    a TF1 op with that op seed (get_seed(seed), kind, dtype): what the seeded TF1 op gives in
    a new session, and Keras 3's "the same numbers on every call" (_hook_keras_draws)."""
    import numpy as np
    if backend == "bundled":
        from tensorflow._impl import random_ops as impl
        from tensorflow._impl import script_ops as cf
        from tensorflow._impl import core as rt_core
        from tensorflow._impl import random_seed as seeds

        def in_graph():
            return not rt_core.executing_eagerly()

        def graph_op(draw, dtype, inputs=()):
            return cf.host_call(lambda vals: [draw(*vals)], list(inputs), [dtype], "DeterministicRandom")[0]

        def static_value(shape):
            return rt_core.constant_value(shape) if isinstance(shape, rt_core.Tensor) else shape
    else:
        from tensorflow.python.ops import random_ops as impl
        from tensorflow.python.framework import random_seed as seeds

        def in_graph():
            return not tf_top.executing_eagerly()

        def graph_op(draw, dtype, inputs=()):
            out = tf_top.numpy_function(draw, list(inputs), dtype, stateful=True, name="DeterministicRandom")
            # TF2 pins a py_func made in a tf.function to the host (`device=/job:localhost/...`
            # in the tensor's repr), where the random op it stands for has no device: the
            # replacement shows as that op did (a symbolic tensor printed while tracing)
            if out.op.device:
                out.op._set_device("")
            return out

        def static_value(shape):
            return tf_top.get_static_value(shape) if tf_top.is_tensor(shape) else shape
    holder = impl
    kinds = {"random_normal": "normal", "truncated_normal": "truncated", "random_uniform": "uniform"}
    state = {"n": 0}

    def take_number():
        rng = np.random.RandomState(state["n"] % (2 ** 32))
        state["n"] += 1
        return rng

    def next_stream():
        # the next random op's numbers: numpy's stream seeded with its creation number. An
        # eager draw (a layer built, an eager op) numbers first the generators made before
        # it that have not drawn yet (see the docstring).
        # (only generators the program still holds: `Generator.from_seed(s).split(n)[i]` drops
        # the other children, which must not take numbers)
        if pending_generators and not in_graph():
            gc.collect()
            for ref in list(pending_generators.values()):
                gen = ref()
                if gen is not None:
                    streams[id(gen)] = (gen, take_number())
            pending_generators.clear()
        return take_number()
    pending_generators = {}  # id -> weak reference to a generator made (split, from_non_deterministic_state) not yet numbered
    streams = {}  # a generator's streams: id (or (id, kind, dtype) of a from_seed one) -> (generator, rng)
    seen = set()
    replaced = {}

    def sampler(kind, rng, shape, dtype, p):
        def draw():
            if kind == "normal":
                arr = rng.standard_normal(shape) * float(p["stddev"]) + float(p["mean"])
            elif kind == "truncated":
                arr = rng.standard_normal(shape)
                bad = np.abs(arr) > 2
                while bad.any():
                    arr[bad] = rng.standard_normal(int(bad.sum()))
                    bad = np.abs(arr) > 2
                arr = arr * float(p["stddev"]) + float(p["mean"])
            elif dtype.is_integer:
                arr = rng.randint(int(p["minval"]), int(p["maxval"]), size=shape)
            else:
                hi = 1.0 if p["maxval"] is None else float(p["maxval"])
                arr = rng.uniform(float(p["minval"]), hi, size=shape)
            return np.asarray(arr).astype(dtype.as_numpy_dtype)
        return draw

    def note(fname):
        line = trace.line()
        if (fname, line) not in seen:
            seen.add((fname, line))
            trace.write({"kind": "random_op", "op": fname, "line": line})

    def static_shape(p):
        # a draw's shape as ints; None when it is known only at run time. A graph tensor
        # whose value is known statically (tf.shape(x) of a fully known x: a dropout's
        # draw) counts as known, as TensorFlow's constant_value reads it.
        try:
            shape = static_value(p["shape"])
            if shape is None:
                return None
            return tuple(int(x) for x in np.asarray(shape).reshape(-1))
        except Exception:  # noqa: BLE001
            return None

    def fixed_draw(kind, rng, shape, p):
        # the values `rng` gives, as a constant (eager) or an op drawing them per run (graph)
        dtype = tf_top.as_dtype(p.get("dtype") or tf_top.float32)
        draw = sampler(kind, rng, shape, dtype, p)
        if not in_graph():
            return tf_top.constant(draw(), dtype=dtype)
        out = graph_op(draw, dtype)
        out.set_shape(shape)
        return out

    def shape_input(p):
        # a draw's shape known only at run time (a dropout's over a batch of unknown size), in
        # a graph: the shape as an int tensor and the static shape TF infers from it (that of
        # zeros of it); None where it is no such thing
        if not in_graph():
            return None
        try:
            shape_t = tf_top.convert_to_tensor(p["shape"])
            if not shape_t.dtype.is_integer:
                return None
            like = tf_top.zeros(shape_t, dtype=tf_top.float32, name="DeterministicRandomShape")
            return shape_t, like.shape
        except Exception:  # noqa: BLE001
            return None

    def shaped_draw(kind, rng, shaped, p):
        # the op drawing from `rng` per run, a block of the run's shape: the same numbers as a
        # draw of that shape known when the op is made
        dtype = tf_top.as_dtype(p.get("dtype") or tf_top.float32)
        shape_t, static = shaped

        def draw(dims):
            return sampler(kind, rng, tuple(int(d) for d in np.asarray(dims).reshape(-1)), dtype, p)()
        out = graph_op(draw, dtype, [shape_t])
        out.set_shape(static)
        return out

    eager_streams = {}  # (kind, dtype, seed pair) -> the eager draws' stream

    def keyed_stream(key, kind, dtype):
        # the start of the stream of an op with seed pair `key` (get_seed's), kind and dtype
        return np.random.RandomState([key[0] % (2 ** 32), key[1] % (2 ** 32), list(kinds.values()).index(kind),
                                      dtype.as_datatype_enum, 0x7f4a])

    def seeded_draw(kind, key, shape, p):
        # an op with an op seed: TensorFlow's stream semantics (see the docstring)
        dtype = tf_top.as_dtype(p.get("dtype") or tf_top.float32)

        def fresh():
            return keyed_stream(key, kind, dtype)
        if not in_graph():
            rng = eager_streams.get((kind, dtype.name) + key)
            if rng is None:
                rng = eager_streams[(kind, dtype.name) + key] = fresh()
            return tf_top.constant(sampler(kind, rng, shape, dtype, p)(), dtype=dtype)
        per_session = {}

        def draw():
            rng = per_session.get(_RUNNING["session"])
            if rng is None:
                rng = per_session[_RUNNING["session"]] = fresh()
            return sampler(kind, rng, shape, dtype, p)()
        out = graph_op(draw, dtype)
        out.set_shape(shape)
        return out

    if deterministic:
        import inspect  # only here: importing it costs every run milliseconds
        # tf.random.set_seed (and v1's set_random_seed, eagerly) start the eager streams again
        for ns in (tf_top, v1):
            for space, attr in ((ns, "set_random_seed"), (getattr(ns, "random", None), "set_seed"),
                                (getattr(ns, "random", None), "set_random_seed")):
                orig_set = getattr(space, attr, None) if space is not None else None
                if orig_set is None or getattr(orig_set, "_tfm", False):
                    continue

                def set_seed(seed, _orig=orig_set):
                    out = _orig(seed)
                    if not in_graph():
                        eager_streams.clear()
                    return out
                set_seed._tfm = True
                try:
                    setattr(space, attr, set_seed)
                except Exception:  # noqa: BLE001
                    pass
    for fname, kind in kinds.items():
        orig = getattr(holder, fname)
        sig = inspect.signature(orig) if deterministic else None

        def wrapper(*a, _orig=orig, _sig=sig, _kind=kind, _fname=fname, **k):
            note(_fname)
            if not deterministic:
                return _orig(*a, **k)
            b = _sig.bind(*a, **k)
            b.apply_defaults()
            p = b.arguments
            shape = static_shape(p)
            if shape is None:
                # known only at run time: an unseeded graph op draws from its numbered stream
                # a block of each run's shape; otherwise the op stays random
                shaped = shape_input(p) if p.get("seed") is None else None
                if shaped is None:
                    return _orig(*a, **k)
                return shaped_draw(_kind, next_stream(), shaped, p)
            if p.get("seed") is not None:
                return seeded_draw(_kind, tuple(int(x or 0) for x in seeds.get_seed(p["seed"])), shape, p)
            return fixed_draw(_kind, next_stream(), shape, p)
        replaced[id(orig)] = wrapper
        setattr(holder, fname, wrapper)
    # tf.random.Generator's draws (the tf2 rewrite's form of a TF1 random op several runs
    # share): one stream per generator, numbered when it first draws (or before an earlier
    # eager draw: next_stream), each execution of a draw taking the stream's next block, as
    # a TF1 op's runs did.
    gen_cls = getattr(getattr(tf_top, "random", None), "Generator", None)
    for meth, (kind, fname) in {"normal": ("normal", "random_normal"),
                                "uniform": ("uniform", "random_uniform"),
                                "truncated_normal": ("truncated", "truncated_normal")}.items():
        orig = getattr(gen_cls, meth, None) if gen_cls is not None else None
        if orig is None:
            continue
        sig = inspect.signature(orig) if deterministic else None

        def gen_wrapper(self, *a, _orig=orig, _sig=sig, _kind=kind, _fname=fname, **k):
            note(_fname)
            if not deterministic:
                return _orig(self, *a, **k)
            b = _sig.bind(self, *a, **k)
            b.apply_defaults()
            p = b.arguments
            shape = static_shape(p)
            shaped = shape_input(p) if shape is None else None
            if shape is None and shaped is None:  # known only at run time, eagerly: its own draw
                return _orig(self, *a, **k)
            if id(self) in seeded_generators:
                # from_seed(s): the stream of a TF1 op seeded s, per kind and dtype
                dtype = tf_top.as_dtype(p.get("dtype") or tf_top.float32)
                at = (id(self), _kind, dtype.name)
                if at not in streams:
                    streams[at] = (self, keyed_stream(seeded_generators[id(self)][1], _kind, dtype))
            else:
                at = id(self)
                if at not in streams:
                    pending_generators.pop(at, None)
                    streams[at] = (self, take_number())
            if shaped is not None:  # a graph's draw of each run's shape
                return shaped_draw(_kind, streams[at][1], shaped, p)
            return fixed_draw(_kind, streams[at][1], shape, p)
        try:
            setattr(gen_cls, meth, gen_wrapper)
        except Exception:  # noqa: BLE001
            pass
    # Generators made by split or from_non_deterministic_state wait for their number (their
    # first draw, or an eager draw made before it).
    if gen_cls is not None and deterministic:
        orig_split = gen_cls.__dict__.get("split")
        if callable(orig_split) and not getattr(orig_split, "_tfm", False):
            def split(self, *a, _orig=orig_split, **k):
                children = _orig(self, *a, **k)
                for child in children:
                    pending_generators[id(child)] = _weak(child)
                return children
            split._tfm = True
            try:
                setattr(gen_cls, "split", split)
            except Exception:  # noqa: BLE001
                pass
        orig_nds = gen_cls.__dict__.get("from_non_deterministic_state")
        if isinstance(orig_nds, classmethod):
            def from_non_deterministic_state(cls, *a, _orig=orig_nds.__func__, **k):
                gen = _orig(cls, *a, **k)
                pending_generators[id(gen)] = _weak(gen)
                return gen
            try:
                setattr(gen_cls, "from_non_deterministic_state", classmethod(from_non_deterministic_state))
            except Exception:  # noqa: BLE001
                pass
    # Generator.from_seed(s) itself (not split, the constructor or from_non_deterministic_state):
    # the generator keeps get_seed(s) as taken when it is made.
    seeded_generators = {}  # id(generator) -> (generator, seed pair)
    orig_from_seed = gen_cls.__dict__.get("from_seed") if gen_cls is not None and deterministic else None
    if isinstance(orig_from_seed, classmethod):
        def from_seed(cls, seed, *a, _orig=orig_from_seed.__func__, **k):
            gen = _orig(cls, seed, *a, **k)
            try:
                key = tuple(int(x or 0) for x in seeds.get_seed(int(seed)))
            except Exception:  # noqa: BLE001 (a tensor seed: the generator keeps a numbered stream)
                return gen
            seeded_generators[id(gen)] = (gen, key)
            return gen
        try:
            setattr(gen_cls, "from_seed", classmethod(from_seed))
        except Exception:  # noqa: BLE001
            pass
    if deterministic:
        def keras_seeded(kind, seed, dims, p):
            # an int seed given to a Keras initializer: on every call, the start of the
            # stream of a TF1 op with that op seed (Keras 3 gives the same numbers each call)
            dtype = tf_top.as_dtype(p.get("dtype") or tf_top.float32)
            key = tuple(int(x or 0) for x in seeds.get_seed(int(seed)))

            def draw():
                return sampler(kind, keyed_stream(key, kind, dtype), dims, dtype, p)()
            if not in_graph():
                return tf_top.constant(draw(), dtype=dtype)
            out = graph_op(draw, dtype)
            out.set_shape(dims)
            return out
        _hook_keras_draws(note, static_shape, fixed_draw, next_stream, keras_seeded,
                          _BUNDLED_KERAS_RANDOM if backend == "bundled" else _KERAS_RANDOM)
    # The public names: looked up by name (dir() of the namespaces would load every lazy
    # TensorFlow module, Keras included, on every run).
    for ns in (tf_top, v1):
        for fname, (flat, short) in _RANDOM_SPELLINGS.items():
            for space, attr in ((ns, flat), (getattr(ns, "random", None), short)):
                try:
                    val = getattr(space, attr, None) if space is not None else None
                    if val is not None and id(val) in replaced:
                        setattr(space, attr, replaced[id(val)])
                except Exception:  # noqa: BLE001
                    pass


_KERAS_RANDOM = "keras.src.backend.tensorflow.random"
_BUNDLED_KERAS_RANDOM = "tensorflow._impl.keras.random_backend"  # the bundled runtime's counterpart
# the files whose sess.run calls are a Saver's own (TensorFlow's and the bundled runtime's)
_LIBRARY_RUNS = tuple(os.path.join(*p) for p in (("training", "saver.py"), ("training", "training_util.py"),
                                                  ("_impl", "saver.py")))


class _KerasDefaultSeed(int):
    """The seed Keras 3 makes for an initializer given none (make_default_seed): an int as
    Keras needs, told apart from a seed the program gave."""


def _hook_keras_draws(note, static_shape, fixed_draw, next_stream, keras_seeded, module_name=None):
    """Keras 3 (tf.keras in TF 2.21) draws its initializers' numbers with stateless ops of
    its own (keras.src.backend.tensorflow.random), not through tf.random.*: without this,
    `--deterministic-random` would leave a Keras layer's weights to Keras's seed generator
    while the TF1 layer it replaces drew from the program's numbered streams. Its normal /
    uniform / truncated_normal become numbered random ops as tf.random's are; one given an
    int seed by the program (an initializer's `seed=`) draws, on every call, the start of
    the stream of a TF1 op with that op seed (`keras_seeded`): Keras 3 gives the same numbers
    on every call, as a TF1 seeded op does in a new session. The seed Keras makes for an
    unseeded initializer (make_default_seed) does not count. On the bundled backend the
    module is the runtime's own with the same functions (`module_name`). The module is
    wrapped when it is first imported (importing Keras for every run would cost seconds)."""
    import importlib.machinery
    module_name = module_name or _KERAS_RANDOM

    def wrap(module):
        orig_default = getattr(module, "make_default_seed", None)
        if orig_default is not None and not getattr(orig_default, "_tfm", False):
            def make_default_seed(*a, _orig=orig_default, **k):
                return _KerasDefaultSeed(_orig(*a, **k))
            make_default_seed._tfm = True
            module.make_default_seed = make_default_seed
        for fname, kind in (("normal", "normal"), ("uniform", "uniform"), ("truncated_normal", "truncated")):
            orig = getattr(module, fname, None)
            if orig is None or getattr(orig, "_tfm", False):
                continue

            def draw(shape, *a, _orig=orig, _kind=kind, _fname=fname, **k):
                names = ("minval", "maxval") if _kind == "uniform" else ("mean", "stddev")
                defaults = (0.0, 1.0)
                p = dict(zip(names, defaults))
                p.update(zip(names + ("dtype", "seed"), a))
                p.update(k)
                p["shape"] = shape
                note({"normal": "random_normal", "uniform": "random_uniform"}.get(_fname, _fname))
                dims = static_shape(p)
                if dims is None:
                    return _orig(shape, *a, **k)
                p["dtype"] = p.get("dtype") or "float32"
                if type(p.get("seed")) is int:  # noqa: E721 (a program's seed, not Keras's default one)
                    return keras_seeded(_kind, p["seed"], dims, p)
                return fixed_draw(_kind, next_stream(), dims, p)
            draw._tfm = True
            setattr(module, fname, draw)

    if module_name in sys.modules:
        wrap(sys.modules[module_name])
        return

    class AfterImport:
        def find_spec(self, fullname, path=None, target=None):
            if fullname != module_name:
                return None
            spec = importlib.machinery.PathFinder.find_spec(fullname, path)
            if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
                return spec
            inner = spec.loader.exec_module

            def exec_module(module):
                inner(module)
                wrap(module)
            spec.loader.exec_module = exec_module
            return spec
    sys.meta_path.insert(0, AfterImport())


def as_main_module(opts):
    """Makes the user's script the `__main__` module, as `python SCRIPT ARGS...` does: a
    module object in sys.modules (so `unittest.main()`, `tf.test.main()`, pickle and
    `import __main__` find the script's names), `__file__` absolute, `sys.argv[0]` as
    given, the script's directory (symlinks resolved) first on sys.path. The working
    directory and the environment are the caller's. Returns the module; the recorder's
    own module object is kept alive in opts (its functions are still running)."""
    import builtins
    import types
    from importlib.machinery import SourceFileLoader
    script = os.path.abspath(opts.script)
    mod = types.ModuleType("__main__")
    mod.__file__ = script
    mod.__cached__ = None
    mod.__loader__ = SourceFileLoader("__main__", script)
    mod.__builtins__ = builtins
    opts.runner_module = sys.modules.get("__main__")
    sys.modules["__main__"] = mod
    sys.argv = [opts.script] + [a for a in opts.args if a != "--"]
    here = os.path.dirname(os.path.abspath(__file__))
    script_dir = os.path.dirname(os.path.realpath(opts.script))
    if sys.path and os.path.abspath(sys.path[0] or ".") == here:
        sys.path[0] = script_dir  # python put the recorder's directory there (PYTHONPATH has it)
    else:
        sys.path.insert(0, script_dir)
    return mod


_TEST_OUTCOMES = {"addSuccess": "passed", "addFailure": "failed", "addError": "error", "addSkip": "skipped",
                  "addExpectedFailure": "expected_failure", "addUnexpectedSuccess": "unexpected_success"}


def _patch_test_result(trace, result_cls):
    """Wraps unittest.TestResult's add* methods (every runner's result class, absltest's and
    TensorFlow's included, reports through them) to write a `test` record per outcome."""
    import traceback

    def name_of(test):
        try:
            n = test.id()
        except Exception:  # noqa: BLE001 - odd test objects
            n = type(test).__name__
        return n.replace("__main__.", "")

    def def_line(test):
        fn = getattr(test, getattr(test, "_testMethodName", ""), None)
        code = getattr(getattr(fn, "__func__", fn), "__code__", None)
        return code.co_firstlineno if code is not None and code.co_filename == trace.script else None

    def record(test, outcome, err=None, reason=None, subtest=None):
        rec = {"kind": "test", "test": name_of(test), "outcome": outcome, "line": def_line(test)}
        if subtest is not None:
            rec["subtest"] = subtest
        if err is not None:
            etype, value, tb = err
            rec["type"] = getattr(etype, "__name__", str(etype))
            rec["message"] = exception_message(value)
            for fr in traceback.extract_tb(tb):
                if fr.filename == trace.script:
                    rec["line"] = fr.lineno
        elif reason is not None:
            rec["message"] = str(reason)[:500]
        trace.write(rec)

    for meth, outcome in _TEST_OUTCOMES.items():
        orig = getattr(result_cls, meth, None)
        if orig is None or getattr(orig, "_tfm", False):
            continue

        def wrapped(self, test, *rest, _orig=orig, _outcome=outcome):
            try:
                if _outcome in ("failed", "error", "expected_failure"):
                    record(test, _outcome, err=rest[0] if rest else None)
                elif _outcome == "skipped":
                    record(test, _outcome, reason=rest[0] if rest else None)
                else:
                    record(test, _outcome)
            except Exception:  # noqa: BLE001 - the recorder must not change the test run
                pass
            return _orig(self, test, *rest)
        wrapped._tfm = True
        setattr(result_cls, meth, wrapped)
    orig_sub = getattr(result_cls, "addSubTest", None)
    if orig_sub is not None and not getattr(orig_sub, "_tfm", False):
        def add_sub_test(self, test, subtest, err, _orig=orig_sub):
            try:
                if err is not None:  # a failing subTest fails its test, which reports nothing else
                    failed = issubclass(err[0], getattr(test, "failureException", AssertionError))
                    desc = subtest._subDescription() if hasattr(subtest, "_subDescription") else str(subtest)
                    record(test, "failed" if failed else "error", err=err, subtest=desc)
            except Exception:  # noqa: BLE001
                pass
            return _orig(self, test, subtest, err)
        add_sub_test._tfm = True
        result_cls.addSubTest = add_sub_test


class _TestResultHook:
    """Patches unittest's TestResult when the script (or TensorFlow) first imports it:
    importing unittest costs tens of milliseconds, which scripts without tests should
    not pay."""

    def __init__(self, trace):
        self._trace = trace

    def find_spec(self, name, path=None, target=None):
        if name != "unittest.result":
            return None
        spec = None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        if spec is None or spec.loader is None:
            return spec
        inner, trace = spec.loader, self._trace

        class _Loader:
            def create_module(self, s):
                return inner.create_module(s)

            def exec_module(self, module):
                inner.exec_module(module)
                _patch_test_result(trace, module.TestResult)
        spec.loader = _Loader()
        return spec


def install_test_recorder(trace):
    """`test` records for every test unittest runs (docs/trace-format.md)."""
    loaded = sys.modules.get("unittest.result")
    if loaded is not None:
        _patch_test_result(trace, loaded.TestResult)
    else:
        sys.meta_path.insert(0, _TestResultHook(trace))


class _Options:
    mode = None
    backend = "bundled"
    trace = ""
    deterministic_random = False
    script = None
    args = ()
    runner_module = None


def _parse_args(argv):
    """The command line runtime/launch/launch.cc writes (argparse would cost every run
    a few milliseconds of imports): --mode tf1|tf2 [--backend bundled|tensorflow]
    [--trace PATH] [--deterministic-random] SCRIPT [ARGS...]."""
    o = _Options()
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--mode", "--backend", "--trace") and i + 1 < len(argv):
            setattr(o, a[2:], argv[i + 1])
            i += 2
        elif a == "--deterministic-random":
            o.deterministic_random = True
            i += 1
        else:
            o.script, o.args = a, list(argv[i + 1:])
            break
    if o.mode not in ("tf1", "tf2") or o.backend not in ("bundled", "tensorflow") or not o.script:
        sys.stderr.write("usage: tfmigrate_runner.py --mode tf1|tf2 [--backend bundled|tensorflow] [--trace PATH] "
                         "[--deterministic-random] SCRIPT [ARGS...]\n")
        sys.exit(2)
    return o


def main():
    opts = _parse_args(sys.argv[1:])
    trace = Trace(opts.trace)
    script = os.path.abspath(opts.script)
    trace.script = script
    trace.paths = [(os.path.dirname(os.path.abspath(__file__)), "<tfmigrate>"), (os.path.dirname(script), "<script-dir>")]
    trace.write({"kind": "start", "mode": opts.mode, "backend": opts.backend, "script": os.path.basename(script)})

    os.environ["TFMIGRATE_TF_MODE"] = opts.mode
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    if opts.backend == "tensorflow" and opts.mode == "tf1":
        # TF 1.x's tf.keras and tf.layers were Keras 2; in TF 2.21 that is the tf_keras
        # package, used when TF_USE_LEGACY_KERAS=1 (without it tf.compat.v1.layers.dense
        # raises "not available with Keras 3"). Only when tf_keras is installed: otherwise
        # the variable would make every Keras access fail.
        import importlib.util
        if importlib.util.find_spec("tf_keras") is not None:
            os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")
    try:
        import numpy as np  # noqa: F401
    except ImportError as e:
        sys.stderr.write("tfmigrate run: the %s backend needs NumPy in %s (%s)%s\n" % (
            opts.backend, sys.executable, e,
            "; set TFMIGRATE_ORACLE_PYTHON to an interpreter with TensorFlow" if opts.backend == "tensorflow" else ""))
        sys.exit(2)
    unsupported_cls = ()
    if opts.backend == "bundled":
        # the facade's bytecode is cached next to it even under PYTHONDONTWRITEBYTECODE
        # (start-up time; real TensorFlow ships its .pyc files)
        dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, False
        try:
            import tensorflow as tf_top
            from tensorflow._impl import core as _core, variables as _vars, autograph as _ag  # noqa: F401
        finally:
            sys.dont_write_bytecode = dont_write
        unsupported_cls = (_core.UnsupportedSymbolError, _core.UnsupportedModuleError)
        # packages TensorFlow programs import beside it (absl's flags), last on the path:
        # the interpreter's own copy, if it has one, comes first
        sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fallback"))
        tf_user = tf_top
        var_base = _vars.Variable
        v1 = tf_top.compat.v1
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
        try:
            import tensorflow as tf_top
        except ImportError as e:
            sys.stderr.write("tfmigrate run: --backend tensorflow needs TensorFlow in %s (%s); set "
                             "TFMIGRATE_ORACLE_PYTHON to an interpreter that has it\n" % (sys.executable, e))
            sys.exit(2)
        var_base = tf_top.Variable
        v1 = tf_top.compat.v1
        if opts.mode == "tf1":
            v1.disable_v2_behavior()
            sys.modules["tensorflow"] = v1
            tf_user = v1
        else:
            tf_user = tf_top

    sessions = []
    var_values = {}
    counts = {}

    # What each Python type is to the recorder, decided once per type, so a pass over the
    # heap (at every session close and once at the end; with NumPy loaded it holds ~20k
    # objects) filters in C and runs Python code only for the few objects that matter.
    kinds = {}

    def kind_of(t):
        k = ""
        try:
            if issubclass(t, type):
                k = ""
            elif t.__name__ == "Generator" and hasattr(t, "normal"):
                k = "generator"
            elif hasattr(t, "apply_gradients"):
                k = "optimizer"
            elif issubclass(t, var_base) and t.__name__ != "_UnreadVariable":
                k = "variable"  # an _UnreadVariable is the result of an assign, not a variable of its own
        except Exception:  # noqa: BLE001 - odd types may raise on attribute access
            k = ""
        kinds[t] = k

    def scan_heap(want_variables):
        """ids of the variables optimizers own (slots, iteration counters, beta powers) and
        of random generators' states: TF1 and TF2 name and shape them differently, so they
        are not compared as model state. With want_variables, also the live variables, in
        heap order."""
        ids, variables = set(), []
        objs = gc.get_objects()
        for t in set(map(type, objs)):
            if t not in kinds:
                kind_of(t)
        wanted = {t for t, k in kinds.items() if k}
        for o in itertools.compress(objs, map(wanted.__contains__, map(type, objs))):
            k = kinds[type(o)]
            try:
                if k == "variable":
                    if want_variables:
                        variables.append(o)
                elif k == "generator":
                    if hasattr(o, "state"):
                        ids.add(id(o.state))
                elif hasattr(o, "variables"):
                    vs = o.variables
                    for v in (vs() if callable(vs) else vs) or []:
                        ids.add(id(v))
                        inner = getattr(v, "_value", None)  # a Keras 3 variable wraps a tf.Variable
                        if inner is not None:
                            ids.add(id(inner))
            except Exception:  # noqa: BLE001 - odd objects may raise on attribute access
                continue
        return ids, variables

    def snapshot(sess):
        try:
            vs = sess.graph.get_collection("variables")
        except Exception:  # noqa: BLE001
            return
        skip, _ = scan_heap(False)
        vs = [v for v in vs if id(v) not in skip]
        trace.quiet = True  # the recorder's own reads are not the program's fetches
        try:
            for v in vs:
                try:
                    var_values[v.name] = variable_record(sess.run(v))
                except Exception:  # noqa: BLE001 - uninitialized variables have no value
                    pass
        finally:
            trace.quiet = False

    for cls in (v1.Session, v1.InteractiveSession):
        for base in cls.__mro__:
            if "run" in base.__dict__ and not getattr(base.run, "_tfm", False):
                orig_run = base.run

                def run(self, fetches, feed_dict=None, *a, _orig=orig_run, **k):
                    if getattr(self, "_tfm_serial", None) is None:
                        _RUNNING["serials"] += 1
                        try:
                            self._tfm_serial = _RUNNING["serials"]
                        except AttributeError:
                            pass
                    _RUNNING["session"] = getattr(self, "_tfm_serial", None)
                    # runs from other threads (TensorFlow's queue runners close their queue
                    # with sess.run) are not the program's fetches, and their order against
                    # the main thread's is the scheduler's
                    if trace.quiet or threading.current_thread() is not threading.main_thread():
                        return _orig(self, fetches, feed_dict, *a, **k)
                    # a tf.train.Saver's save and restore run the session themselves: those
                    # runs are the library's (TF2's tf.train.Checkpoint has none), not fetches
                    if sys._getframe(1).f_code.co_filename.endswith(_LIBRARY_RUNS):
                        return _orig(self, fetches, feed_dict, *a, **k)
                    if self not in sessions:
                        sessions.append(self)
                    trace.fetch_calls += 1
                    n = trace.fetch_calls
                    line = trace.line()
                    # a fetched summary is recorded as the values it summarizes, fetched by
                    # the same run (summary_inputs)
                    flat_fetches = flatten(fetches)
                    extras, spans = [], {}
                    for i, f in enumerate(flat_fetches):
                        ins = summary_inputs(f)
                        if ins:
                            spans[i] = (len(extras), len(ins))
                            extras.extend(ins)
                    try:
                        if extras:
                            out, extra_out = _orig(self, (fetches, extras), feed_dict, *a, **k)
                        else:
                            out = _orig(self, fetches, feed_dict, *a, **k)
                    except BaseException as e:
                        trace.write({"kind": "fetch_error", "call": n, "type": type(e).__name__, "line": line})
                        raise
                    flat_out = flatten(out)
                    values = []
                    for i, x in enumerate(flat_out):
                        if i in spans and len(flat_out) == len(flat_fetches):
                            at, count = spans[i]
                            values.extend(value_record(e) for e in extra_out[at:at + count])
                        else:
                            values.append(value_record(x))
                    rec = {"kind": "fetch", "call": n, "values": values, "line": line}
                    rt = getattr(self, "_rt", None)   # bundled backend: the ops this run executed
                    if rt is not None and hasattr(rt, "last_executed"):
                        rec["ops_run"] = list(rt.last_executed())[:500]
                    trace.write(rec)
                    return out
                run._tfm = True
                base.run = run
                break
        for base in cls.__mro__:
            if "close" in base.__dict__ and not getattr(base.close, "_tfm", False):
                orig_close = base.close

                def close(self, _orig=orig_close):
                    if self in sessions and not getattr(self, "_tfm_closed", False):
                        snapshot(self)
                        self._tfm_closed = True
                    return _orig(self)
                close._tfm = True
                base.close = close
                break

    orig_function = tf_top.function

    class _FnProxy:
        def __init__(self, fn, name):
            self._fn, self._name = fn, name

        def __call__(self, *a, **k):
            line = trace.line()
            out = self._fn(*a, **k)
            trace.write({"kind": "function_return", "function": self._name,
                         "values": [value_record(x) for x in flatten(out)], "line": line})
            return out

        def __get__(self, obj, typ=None):
            if obj is None:
                return self
            return _FnProxy(self._fn.__get__(obj, typ), self._name)

        def __getattr__(self, k):
            return getattr(self._fn, k)

    def function(func=None, *fa, **fk):
        def deco(f):
            if (getattr(f, "__module__", None) or "").split(".")[0] in ("keras", "tf_keras"):
                # Keras's own step functions (fit/evaluate/predict): not the program's tf.functions
                return orig_function(f, *fa, **fk)
            name = getattr(f, "__qualname__", getattr(f, "__name__", "function"))
            counts.setdefault(name, 0)

            import functools

            @functools.wraps(f)
            def body(*a, **k):
                counts[name] += 1
                return f(*a, **k)
            return _FnProxy(orig_function(body, *fa, **fk), name)
        return deco(func) if func is not None else deco

    for mod in {id(tf_top): tf_top, id(tf_user): tf_user, id(v1): v1}.values():
        try:
            mod.function = function
        except Exception:  # noqa: BLE001
            pass

    install_observe(trace)
    if opts.mode == "tf2":
        install_variable_reads(trace, var_base)
        install_eager_evaluate(trace, tf_top)
    install_random_hooks(trace, opts.backend, tf_top, v1, opts.deterministic_random)

    install_test_recorder(trace)
    main_module = as_main_module(opts)
    tee = _Tee(sys.stdout, trace)
    sys.stdout = tee
    status, code = "ok", 0
    try:
        if script.endswith(".ipynb"):
            run_notebook(script, main_module.__dict__)
        else:
            with open(script, "rb") as f:
                code_obj = compile(f.read(), script, "exec")
            exec(code_obj, main_module.__dict__)  # noqa: S102 - running the user's script is the point
    except SystemExit as e:
        code = int(e.code) if isinstance(e.code, int) else (0 if e.code is None else 1)  # sys.exit(False): 0
        status = "ok" if code == 0 else "exit"
    except BaseException as e:  # noqa: BLE001 - everything the script raises is recorded
        tee.finish()
        line = None
        import traceback
        for fr in traceback.extract_tb(e.__traceback__):
            if os.path.abspath(fr.filename) == script:
                line = fr.lineno
        if unsupported_cls and isinstance(e, unsupported_cls):
            trace.write({"kind": "unsupported", "symbol": e.symbol, "line": line})
            sys.stderr.write("tfmigrate run: %s is not yet in the bundled runtime (%s); "
                             "run with --backend tensorflow to use real TensorFlow.\n"
                             % (e.symbol, notebook_position(script, line) or "line %s" % line))
            status, code = "unsupported", 3
        else:
            trace.write({"kind": "exception", "type": type(e).__name__, "message": exception_message(e),
                         "line": line})
            print_user_traceback(e, script, sys.stderr)
            status, code = ("memory", 4) if isinstance(e, MemoryError) else ("exception", 1)
    tee.finish()
    sys.stdout = tee._s
    for s in sessions:
        if not getattr(s, "_tfm_closed", False):
            snapshot(s)
    skip, live = scan_heap(True)

    def made(o):
        """TensorFlow's creation counter of an eager variable (the suffix of its _unique_id), or -1."""
        tail = str(getattr(o, "_unique_id", "")).rsplit("_", 1)[-1]
        return int(tail) if tail.isdigit() else -1

    # TF2's eager variables made with one name keep it (TF1's graph made each unique:
    # Variable, Variable_1, ...): in the order they were made, they get TF1's names, so
    # that each is compared with its TF1 counterpart (heap order would pick any of them)
    seen = {}
    for o in sorted(live, key=made):
        try:
            if id(o) in skip or not hasattr(o, "numpy"):
                continue
            value = variable_record(o.numpy())
        except Exception:  # noqa: BLE001 - graph variables have no numpy(); odd objects may raise
            continue
        name = o.name
        if made(o) >= 0:
            n = seen.get(name, 0)
            seen[name] = n + 1
            if n:
                base, colon, index = name.rpartition(":")
                name = "%s_%d:%s" % (base, n, index) if colon else "%s_%d" % (name, n)
        var_values.setdefault(name, value)
    trace.write({"kind": "variables", "values": var_values})
    trace.write({"kind": "trace_counts", "counts": counts})
    trace.write({"kind": "end", "status": status, "exit_code": code})
    sys.stdout.flush()
    os._exit(code)


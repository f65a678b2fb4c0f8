"""TF1 platform pieces: tf.logging / tf.compat.v1.logging (TF's "tensorflow" logger:
`INFO:tensorflow:message` on stderr, default verbosity WARN), tf.app.flags /
tf.compat.v1.flags (absl-style DEFINE_*; FLAGS parses sys.argv on first access, as TF's
wrapper does), tf.app.run, ConfigProto, tf.train.Saver (checkpoints in the bundled
runtime's own .npz format), tf.metrics.accuracy / mean and tf.summary.scalar /
histogram / merge_all / FileWriter (events.py: scalar summaries carry their value; event
files TensorBoard reads)."""
import sys

import numpy as np

from . import core, ops

# ---------------------------------------------------------------------------- logging
DEBUG, INFO, WARN, ERROR, FATAL = 10, 20, 30, 40, 50
_level = [WARN]
_counts = {}


def set_verbosity(v):
    _level[0] = int(v)


def get_verbosity():
    return _level[0]


def _log(level, name, msg, args):
    if level < _level[0]:
        return
    text = str(msg) % args if args else str(msg)
    sys.stderr.write("%s:tensorflow:%s\n" % (name, text))


def log(level, msg, *args, **kw):
    _log(level, {10: "DEBUG", 20: "INFO", 30: "WARNING", 40: "ERROR", 50: "CRITICAL"}.get(level, "Level %d" % level),
         msg, args)


def debug(msg, *args, **kw):
    _log(DEBUG, "DEBUG", msg, args)


def info(msg, *args, **kw):
    _log(INFO, "INFO", msg, args)


def warning(msg, *args, **kw):
    _log(WARN, "WARNING", msg, args)


def error(msg, *args, **kw):
    _log(ERROR, "ERROR", msg, args)


def fatal(msg, *args, **kw):
    _log(FATAL, "CRITICAL", msg, args)


def vlog(level, msg, *args):
    _log(level, "Level %d" % level, msg, args)


def log_every_n(level, msg, n, *args):
    key = ("every", msg)
    c = _counts.get(key, 0)
    _counts[key] = c + 1
    if c % n == 0:
        log(level, msg, *args)


def log_first_n(level, msg, n, *args):
    key = ("first", msg)
    c = _counts.get(key, 0)
    _counts[key] = c + 1
    if c < n:
        log(level, msg, *args)


def log_if(level, msg, condition, *args):
    if condition:
        log(level, msg, *args)


LOGGING = dict(DEBUG=DEBUG, INFO=INFO, WARN=WARN, ERROR=ERROR, FATAL=FATAL, set_verbosity=set_verbosity,
               get_verbosity=get_verbosity, log=log, debug=debug, info=info, warn=warning, warning=warning,
               error=error, fatal=fatal, vlog=vlog, log_every_n=log_every_n, log_first_n=log_first_n,
               log_if=log_if)


# ---------------------------------------------------------------------------- flags
class Error(Exception):
    pass


class IllegalFlagValueError(Error):
    pass


class UnrecognizedFlagError(Error):
    pass


class _Flag:
    def __init__(self, name, default, help_, parser, short_name=None):
        self.name, self.default, self.help, self.parser, self.short_name = name, default, help_, parser, short_name
        self.value = parser(default) if isinstance(default, str) and parser is not str else default
        self.present = 0


def _bool(v):
    if isinstance(v, bool):
        return v
    s = str(v).lower()
    if s in ("true", "t", "1", "yes", "y"):
        return True
    if s in ("false", "f", "0", "no", "n"):
        return False
    raise IllegalFlagValueError("Non-boolean argument to boolean flag: %r" % v)


def _list(v):
    if isinstance(v, (list, tuple)):
        return list(v)
    return [x.strip() for x in str(v).split(",") if x.strip()] if v else []


class FlagValues:
    """absl.flags.FlagValues as TF's wrapper presents it: reading a flag before parsing
    parses sys.argv first."""

    def __init__(self):
        object.__setattr__(self, "_flags", {})
        object.__setattr__(self, "_parsed", False)

    def _define(self, flag):
        if flag.name in self._flags:
            raise Error("The flag '%s' is defined twice." % flag.name)
        self._flags[flag.name] = flag

    def __call__(self, argv, known_only=False):
        rest = [argv[0]] if argv else []
        i = 1
        args = list(argv[1:])
        while i <= len(args):
            a = args[i - 1]
            i += 1
            if a == "--":
                rest.extend(args[i - 1:])
                break
            if not a.startswith("-") or a == "-":
                rest.append(a)
                continue
            name = a.lstrip("-")
            value = None
            if "=" in name:
                name, value = name.split("=", 1)
            flag = self._flags.get(name)
            if flag is None and name.startswith("no") and name[2:] in self._flags and \
                    self._flags[name[2:]].parser is _bool:
                flag, value = self._flags[name[2:]], "false"
            if flag is None:
                if known_only:
                    rest.append(a)
                    continue
                raise UnrecognizedFlagError("Unknown command line flag '%s'" % name)
            if value is None:
                if flag.parser is _bool:
                    value = "true"
                elif i <= len(args):
                    value = args[i - 1]
                    i += 1
                else:
                    raise IllegalFlagValueError("Flag --%s must have a value other than None." % name)
            try:
                flag.value = flag.parser(value)
            except (ValueError, TypeError) as e:
                raise IllegalFlagValueError("flag --%s=%s: %s" % (name, value, e)) from None
            flag.present += 1
        object.__setattr__(self, "_parsed", True)
        return rest

    def is_parsed(self):
        return self._parsed

    def mark_as_parsed(self):
        object.__setattr__(self, "_parsed", True)

    def __getattr__(self, name):
        flags = object.__getattribute__(self, "_flags")
        if name not in flags:
            raise AttributeError(name)
        if not self._parsed:
            self(sys.argv, known_only=True)
        return flags[name].value

    def __setattr__(self, name, value):
        if name not in self._flags:
            raise AttributeError(name)
        self._flags[name].value = value

    def __contains__(self, name):
        return name in self._flags

    def __getitem__(self, name):
        return self._flags[name]

    def flag_values_dict(self):
        return {k: f.value for k, f in self._flags.items()}


FLAGS = FlagValues()


def _definer(parser):
    def define(name, default, help=None, flag_values=FLAGS, short_name=None, **kw):  # noqa: A002
        flag_values._define(_Flag(name, default, help, parser, short_name))
    return define


def _define_enum(name, default, enum_values, help=None, flag_values=FLAGS, **kw):  # noqa: A002
    def parse(v):
        if v not in enum_values:
            raise ValueError("value should be one of <%s>" % "|".join(enum_values))
        return v
    flag_values._define(_Flag(name, default, help, parse))


FLAGS_MODULE = dict(FLAGS=FLAGS, DEFINE_integer=_definer(int), DEFINE_float=_definer(float),
                    DEFINE_string=_definer(str), DEFINE_boolean=_definer(_bool), DEFINE_bool=_definer(_bool),
                    DEFINE_list=_definer(_list), DEFINE_enum=_define_enum, FlagValues=FlagValues, Error=Error,
                    IllegalFlagValueError=IllegalFlagValueError, UnrecognizedFlagError=UnrecognizedFlagError,
                    mark_flag_as_required=lambda name, flag_values=FLAGS: None)


def app_run(main=None, argv=None):
    """tf.app.run: parses flags from argv, calls main(remaining argv), exits with its result."""
    args = FLAGS(sys.argv if argv is None else argv, known_only=True)
    main = main or sys.modules["__main__"].main
    sys.exit(main(args))


# ---------------------------------------------------------------------------- ConfigProto
class ConfigProto:
    """Session configuration: accepted and recorded; the bundled runtime ignores it."""

    def __init__(self, **kw):
        self.__dict__.update(kw)
        self.gpu_options = kw.get("gpu_options", GPUOptions())
        self.graph_options = kw.get("graph_options", _Bag())

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class GPUOptions(ConfigProto):
    def __init__(self, **kw):
        self.__dict__.update(kw)


class _Bag:
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


# ---------------------------------------------------------------------------- Saver
class Saver:
    """tf.train.Saver over the global (or given) variables; checkpoints are `PATH.npz`
    files of the bundled runtime (not TensorFlow's format)."""

    def __init__(self, var_list=None, max_to_keep=5, **kw):
        from . import variables
        if var_list is None:
            var_list = variables.global_variables()
        if isinstance(var_list, dict):
            self._vars = dict(var_list)
        else:
            self._vars = {v.name.split(":")[0]: v for v in var_list}
        if not self._vars:
            raise ValueError("No variables to save")
        self.last_checkpoints = []

    def save(self, sess, save_path, global_step=None, **kw):
        path = save_path if global_step is None else "%s-%d" % (save_path, int(
            sess.run(global_step) if not isinstance(global_step, (int, np.integer)) else global_step))
        names = sorted(self._vars)
        vals = sess.run([self._vars[n] for n in names])
        np.savez(path + ".npz", **{n.replace("/", "__SLASH__"): v for n, v in zip(names, vals)})
        self.last_checkpoints.append(path)
        return path

    def restore(self, sess, save_path):
        try:
            data = np.load(save_path + ".npz")
        except OSError:
            raise core.NotFoundError(None, None, "Failed to find any matching files for %s" % save_path) from None
        for n, v in self._vars.items():
            key = n.replace("/", "__SLASH__")
            if key not in data:
                raise core.NotFoundError(None, None, "Key %s not found in checkpoint" % n)
            v.load(data[key], sess)


# ---------------------------------------------------------------------------- metrics
def _metric_var(name, dtype=core.float32):
    from . import variables
    return variables.Variable(np.zeros([], dtype=dtype.as_numpy_dtype), trainable=False, name=name,
                              collections=[variables.LOCAL_VARIABLES, "metric_variables"])


def mean(values, weights=None, name=None, **kw):
    g = core.get_default_graph()
    with g.name_scope(name or "mean"):
        v = ops.cast(core.convert_to_tensor(values), core.float32)
        total, count = _metric_var("total"), _metric_var("count")
        n = ops.cast(ops.size(v), core.float32)
        upd_total = total.assign_add(ops.reduce_sum(v))
        upd_count = count.assign_add(n)
        value = ops.divide(total.value(), ops.maximum(count.value(), core.convert_to_tensor(1e-30)), name="value")
        update = ops.divide(upd_total, ops.maximum(upd_count, core.convert_to_tensor(1e-30)), name="update_op")
    return value, update


def accuracy(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    g = core.get_default_graph()
    with g.name_scope(name or "accuracy"):
        p = core.convert_to_tensor(predictions)
        l = ops.cast(core.convert_to_tensor(labels), p.dtype)
        correct = ops.cast(ops.equal(p, l), core.float32)
    return mean(correct, name=name or "accuracy")


# ---------------------------------------------------------------------------- summaries
def _summary(kind):
    def fn(name, tensor=None, collections=None, family=None, **kw):
        from . import events, script_ops
        g = core.get_default_graph()
        if core.executing_eagerly():
            return None
        ins = [core.convert_to_tensor(tensor)] if tensor is not None else []
        base = "%s/%s" % (family, name) if family else name
        with g.name_scope(base) as scope:
            tag = scope.rstrip("/")
            if kind == "ScalarSummary":
                def run(vals):
                    v = np.asarray(vals[0])
                    if v.size != 1:
                        raise core._BY_CODE[3](None, None, "tags and values are not the same shape: [] != %s (tag '%s')"
                                               % (list(v.shape), tag))
                    return [np.array(events.scalar_summary_bytes(tag, v.reshape(())), dtype=object)]
            else:
                def run(vals):
                    return [np.array(events.tag_only_summary_bytes(tag), dtype=object)]
            out = script_ops.host_call(run, ins, [core.string], kind)[0]
        for c in (collections if collections is not None else ["summaries"]):
            g.add_to_collection(c, out)
        return out
    return fn


def merge(inputs, collections=None, name=None):
    from . import script_ops
    ins = [core.convert_to_tensor(i) for i in inputs]
    return script_ops.host_call(lambda vals: [np.array(b"".join(bytes(np.asarray(v).item()) for v in vals), dtype=object)],
                                  ins, [core.string], name or "Merge/MergeSummary")[0]


def merge_all(key="summaries", scope=None, name=None):
    items = core.get_default_graph().get_collection(key, scope)
    return merge(items, name=name) if items else None


def _file_writer(*a, **k):
    from . import events
    return events.FileWriter(*a, **k)


SUMMARY_V1 = dict(scalar=_summary("ScalarSummary"), histogram=_summary("HistogramSummary"),
                  image=_summary("ImageSummary"), text=_summary("TextSummary"), merge=merge, merge_all=merge_all,
                  FileWriter=_file_writer)

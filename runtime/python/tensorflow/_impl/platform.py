"""tf.logging / tf.compat.v1.logging, tf.app.flags / tf.compat.v1.flags, tf.app.run, and
ConfigProto / GPUOptions (accepted and recorded; the bundled runtime ignores them)."""
import sys


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


class _Logger:
    """tf.get_logger(): the `tensorflow` logger tf.logging writes through (one level)."""
    name = "tensorflow"
    _names = {"DEBUG": DEBUG, "INFO": INFO, "WARN": WARN, "WARNING": WARN, "ERROR": ERROR, "FATAL": FATAL,
              "CRITICAL": FATAL}

    def setLevel(self, level):  # noqa: N802 (logging.Logger's name)
        set_verbosity(self._names[level] if isinstance(level, str) else level)

    def getEffectiveLevel(self):  # noqa: N802
        return _level[0]

    def log(self, level, msg, *args, **kw):
        log(level, msg, *args)

    def debug(self, msg, *args, **kw):
        debug(msg, *args)

    def info(self, msg, *args, **kw):
        info(msg, *args)

    def warning(self, msg, *args, **kw):
        warning(msg, *args)

    def error(self, msg, *args, **kw):
        error(msg, *args)

    def critical(self, msg, *args, **kw):
        fatal(msg, *args)


_LOGGER = _Logger()


def get_logger():
    return _LOGGER


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


# ---------------------------------------------------------------------------- tf.config.threading
_threads = {"intra": 0, "inter": 0}


def _set_threads(kind):
    def set_threads(num_threads):
        _threads[kind] = int(num_threads)
        if kind == "intra":
            import _tfrt
            _tfrt.set_intra_op_threads(int(num_threads) if int(num_threads) > 0 else 0)
    return set_threads


THREADING = dict(set_intra_op_parallelism_threads=_set_threads("intra"),
                 set_inter_op_parallelism_threads=_set_threads("inter"),
                 get_intra_op_parallelism_threads=lambda: _threads["intra"],
                 get_inter_op_parallelism_threads=lambda: _threads["inter"])


# ------------------------------------------------- tf.config / tf.debugging device placement
# Soft placement (an op for a device the machine lacks runs where it can: TF2's default) and
# the placement log (TensorFlow's lines on stderr): recorded; the bundled runtime places
# every op on the CPU and logs nothing.
_placement = {"soft": True, "log": False}


def _setter(key):
    def set_placement(enabled):
        _placement[key] = bool(enabled)
    return set_placement


PLACEMENT = dict(set_soft_device_placement=_setter("soft"), get_soft_device_placement=lambda: _placement["soft"])
LOG_PLACEMENT = dict(set_log_device_placement=_setter("log"))


# tf.config's devices: the bundled runtime has one, the CPU (a program's loop over the GPUs,
# `for gpu in tf.config.list_physical_devices("GPU")`, finds none, as on a machine without)
class PhysicalDevice:
    def __init__(self, name, device_type):
        self.name, self.device_type = name, device_type

    def __repr__(self):
        return "PhysicalDevice(name=%r, device_type=%r)" % (self.name, self.device_type)

    def __eq__(self, other):
        return isinstance(other, PhysicalDevice) and (self.name, self.device_type) == (other.name, other.device_type)

    def __hash__(self):
        return hash((self.name, self.device_type))


class LogicalDevice(PhysicalDevice):
    def __repr__(self):
        return "LogicalDevice(name=%r, device_type=%r)" % (self.name, self.device_type)


_memory_growth = {}


def list_physical_devices(device_type=None):
    devices = [PhysicalDevice("/physical_device:CPU:0", "CPU")]
    return [d for d in devices if device_type is None or d.device_type == device_type]


def list_logical_devices(device_type=None):
    devices = [LogicalDevice("/device:CPU:0", "CPU")]
    return [d for d in devices if device_type is None or d.device_type == device_type]


def set_memory_growth(device, enable):
    if getattr(device, "device_type", None) != "GPU":
        raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")
    _memory_growth[device] = bool(enable)


def get_memory_growth(device):
    if getattr(device, "device_type", None) != "GPU":
        raise ValueError("Cannot get memory growth on non-GPU and non-Pluggable devices")
    return _memory_growth.get(device, False)


DEVICES = dict(list_physical_devices=list_physical_devices, list_logical_devices=list_logical_devices,
               PhysicalDevice=PhysicalDevice, LogicalDevice=LogicalDevice)
MEMORY_GROWTH = dict(set_memory_growth=set_memory_growth, get_memory_growth=get_memory_growth,
                     list_physical_devices=list_physical_devices, list_logical_devices=list_logical_devices)


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

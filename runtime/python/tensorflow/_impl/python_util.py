"""The helpers of TensorFlow's `tensorflow.python.util` package that libraries written
against TF1's internals import (tf-slim, Sonnet 1, research code): decorators that keep a
function's signature, deprecation markers, `compat` text conversions, `all_util`'s
docstring-driven export lists.

They carry no graph semantics, so each is plain Python here: `tensorflow.python.util.X`
(runtime/python/tensorflow/python/__init__.py) is made from the namespace of the same name
below. What a helper does follows TensorFlow's documented behaviour: a deprecated function
still runs (TensorFlow logs a warning once, on stderr); `remove_undocumented` deletes the
public names a module's docstring does not list with `@@name`."""
import collections
import contextlib
import functools
import inspect
import numbers
import re
import sys
import types

import numpy as np

from tensorflow._impl import platform as _platform


def _namespace(name, **members):
    mod = types.SimpleNamespace(**members)
    mod.__name__ = name
    return mod


# --- tf_decorator ------------------------------------------------------------------------

class TFDecorator(object):
    """A callable that wraps `decorated_target` and says so (tf_decorator.unwrap sees it)."""

    def __init__(self, decorator_name, target, decorator_doc="", decorator_argspec=None):
        self._decorated_target = target
        self._decorator_name = decorator_name
        self._decorator_doc = decorator_doc
        self._decorator_argspec = decorator_argspec
        functools.update_wrapper(self, target)

    @property
    def decorated_target(self):
        return self._decorated_target

    @property
    def decorator_name(self):
        return self._decorator_name

    def __get__(self, instance, owner):
        return self._decorated_target.__get__(instance, owner)

    def __call__(self, *args, **kwargs):
        return self._decorated_target(*args, **kwargs)


def make_decorator(target, decorator_func, decorator_name=None, decorator_doc="", decorator_argspec=None):
    """Gives `decorator_func` the name, docstring and signature of `target` and records
    `target` as what it decorates."""
    if decorator_name is None:
        decorator_name = getattr(decorator_func, "__name__", "decorator")
    try:
        functools.update_wrapper(decorator_func, target)
    except (AttributeError, TypeError):
        pass
    try:
        decorator_func._tf_decorator = TFDecorator(decorator_name, target, decorator_doc, decorator_argspec)
        decorator_func.__wrapped__ = target
        decorator_func.__signature__ = inspect.signature(target)
    except (AttributeError, TypeError, ValueError):
        pass
    return decorator_func


def unwrap(maybe_tf_decorator):
    """(the TFDecorators around it, outermost first; the innermost target)."""
    decorators = []
    cur = maybe_tf_decorator
    while True:
        if isinstance(cur, TFDecorator):
            decorators.append(cur)
        elif hasattr(cur, "_tf_decorator") and isinstance(cur._tf_decorator, TFDecorator):
            decorators.append(cur._tf_decorator)
        else:
            break
        if not hasattr(decorators[-1], "decorated_target"):
            break
        cur = decorators[-1].decorated_target
    return decorators, cur


tf_decorator = _namespace("tf_decorator", TFDecorator=TFDecorator, make_decorator=make_decorator, unwrap=unwrap)


# --- tf_contextlib -----------------------------------------------------------------------

def contextmanager(target):
    """contextlib.contextmanager that keeps `target`'s signature visible."""
    return make_decorator(target, contextlib.contextmanager(target), "contextmanager")


tf_contextlib = _namespace("tf_contextlib", contextmanager=contextmanager)


# --- tf_inspect --------------------------------------------------------------------------

ArgSpec = collections.namedtuple("ArgSpec", ["args", "varargs", "keywords", "defaults"])
FullArgSpec = inspect.FullArgSpec


def _target(obj):
    return unwrap(obj)[1]


def getfullargspec(obj):
    return inspect.getfullargspec(_target(obj))


def getargspec(obj):
    """TF's getargspec: a function with keyword-only arguments is refused, as
    inspect.getargspec did."""
    spec = getfullargspec(obj)
    if spec.kwonlyargs or spec.annotations:
        raise ValueError("Function has keyword-only arguments or annotations, use inspect.signature() API")
    return ArgSpec(spec.args, spec.varargs, spec.varkw, spec.defaults)


def getcallargs(*func_and_positional, **named):
    func = func_and_positional[0]
    return inspect.getcallargs(_target(func), *func_and_positional[1:], **named)


tf_inspect = _namespace(
    "tf_inspect", ArgSpec=ArgSpec, FullArgSpec=FullArgSpec, getargspec=getargspec,
    getfullargspec=getfullargspec, getcallargs=getcallargs,
    signature=lambda obj, *a, **k: inspect.signature(_target(obj), *a, **k),
    getdoc=lambda obj: inspect.getdoc(_target(obj)), getfile=lambda obj: inspect.getfile(_target(obj)),
    getmembers=inspect.getmembers, getmodule=inspect.getmodule, getsource=lambda obj: inspect.getsource(_target(obj)),
    getmro=inspect.getmro, isclass=inspect.isclass, isfunction=lambda obj: inspect.isfunction(_target(obj)),
    ismethod=lambda obj: inspect.ismethod(_target(obj)), ismodule=inspect.ismodule,
    isroutine=lambda obj: inspect.isroutine(_target(obj)), isgenerator=inspect.isgenerator,
    isgeneratorfunction=lambda obj: inspect.isgeneratorfunction(_target(obj)), Parameter=inspect.Parameter,
    stack=inspect.stack, currentframe=inspect.currentframe)


# --- deprecation -------------------------------------------------------------------------

_warned = set()


def _warn_once(key, message):
    if key in _warned:
        return
    _warned.add(key)
    _platform.warning(message)


def deprecated(date, instructions, warn_once=True):
    """A function or class that still works and logs, on first use, that it is deprecated."""
    def decorate(func):
        name = getattr(func, "__qualname__", getattr(func, "__name__", "object"))
        when = "in a future version" if date is None else "after %s" % date
        msg = "From %s: %s (from %s) is deprecated and will be removed %s.\nInstructions for updating:\n%s" % (
            "<module>", name, getattr(func, "__module__", "?"), when, instructions)
        if isinstance(func, type):
            init = func.__init__

            @functools.wraps(init)
            def new_init(self, *args, **kwargs):
                _warn_once(func, msg)
                init(self, *args, **kwargs)
            func.__init__ = new_init
            return func

        def wrapper(*args, **kwargs):
            _warn_once(func, msg)
            return func(*args, **kwargs)
        return make_decorator(func, wrapper, "deprecated")
    return decorate


def deprecated_args(date, instructions, *deprecated_arg_names_or_tuples, **kwargs):
    """Marks arguments as deprecated: the function runs as it is."""
    def decorate(func):
        return func
    return decorate


def deprecated_arg_values(date, instructions, warn_once=True, **deprecated_kwargs):
    def decorate(func):
        return func
    return decorate


def deprecated_argument_lookup(new_name, new_value, old_name, old_value):
    """The value of the argument under its new or old name; both given is a ValueError."""
    if old_value is not None:
        if new_value is not None:
            raise ValueError("Cannot specify both '%s' and '%s'" % (old_name, new_name))
        return old_value
    return new_value


def rewrite_argument_docstring(old_doc, old_argument, new_argument):
    if old_doc is None:
        return None
    return old_doc.replace("`%s`" % old_argument, "`%s`" % new_argument).replace(
        "%s:" % old_argument, "%s:" % new_argument)


def deprecated_alias(deprecated_name, name, func_or_class, warn_once=True):
    return func_or_class


def deprecated_endpoints(*args):
    def decorate(func):
        func._tf_deprecated_api_names = args
        return func
    return decorate


@contextlib.contextmanager
def silence():
    yield


deprecation = _namespace(
    "deprecation", deprecated=deprecated, deprecated_args=deprecated_args,
    deprecated_arg_values=deprecated_arg_values, deprecated_argument_lookup=deprecated_argument_lookup,
    rewrite_argument_docstring=rewrite_argument_docstring, deprecated_alias=deprecated_alias,
    deprecated_endpoints=deprecated_endpoints, silence=silence)


# --- compat ------------------------------------------------------------------------------

def as_bytes(bytes_or_text, encoding="utf-8"):
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError("Expected binary or unicode string, got %r" % (bytes_or_text,))


def as_text(bytes_or_text, encoding="utf-8"):
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError("Expected binary or unicode string, got %r" % bytes_or_text)


def as_str_any(value, encoding="utf-8"):
    return as_str(value, encoding) if isinstance(value, bytes) else str(value)


def path_to_str(path):
    import os
    return os.fspath(path) if hasattr(path, "__fspath__") else path


as_str = as_text
compat = _namespace(
    "compat", as_bytes=as_bytes, as_text=as_text, as_str=as_str, as_str_any=as_str_any, path_to_str=path_to_str,
    as_unicode=as_text, integral_types=(numbers.Integral, np.integer), real_types=(numbers.Real, np.integer,
                                                                                  np.floating),
    complex_types=(numbers.Complex, np.number), bytes_or_text_types=(bytes, str))


# --- all_util ----------------------------------------------------------------------------

_REFERENCE = re.compile(r"^@@(\w+)$", flags=re.MULTILINE)


def make_all(module_name, doc_string_modules=None):
    """The names listed as `@@name` lines in the docstrings of the module (or of
    doc_string_modules)."""
    if doc_string_modules is None:
        doc_string_modules = [sys.modules[module_name]]
    names = set()
    for mod in doc_string_modules:
        names.update(_REFERENCE.findall(mod.__doc__ or ""))
    return sorted(names)


_HIDDEN = ("__file__", "__path__")


def remove_undocumented(module_name, allowed_exception_list=None, doc_string_modules=None):
    """Deletes from the module every public name its docstring does not list with @@name,
    except `allowed_exception_list`."""
    keep = set(make_all(module_name, doc_string_modules))
    keep.update(allowed_exception_list or ())
    module = sys.modules[module_name]
    for name in list(vars(module)):
        if name.startswith("_") or name in keep:
            continue
        try:
            delattr(module, name)
        except AttributeError:
            pass


all_util = _namespace("all_util", make_all=make_all, remove_undocumented=remove_undocumented)


# --- tensorflow.core.protobuf ------------------------------------------------------------

class SaverDef(object):
    """saver_pb2.SaverDef: the checkpoint format versions (CheckpointFormatVersion)."""
    LEGACY = 0
    V1 = 1
    V2 = 2

    def __init__(self, **fields):
        self.__dict__.update(fields)


saver_pb2 = _namespace("saver_pb2", SaverDef=SaverDef)
config_pb2 = _namespace("config_pb2", ConfigProto=_platform.ConfigProto, GPUOptions=_platform.GPUOptions)


# --- decorators whose use is not in the bundled runtime yet --------------------------------

def custom_gradient(f=None):
    """tf.custom_gradient: decorating is allowed (libraries decorate helpers at import),
    calling the result stops with "not yet in the bundled runtime"."""
    from tensorflow._impl import core as _core

    def decorate(func):
        def not_yet(*args, **kwargs):
            raise _core.UnsupportedSymbolError("tf.custom_gradient")
        return make_decorator(func, not_yet, "custom_gradient")
    return decorate if f is None else decorate(f)


def not_yet_class(symbol):
    """A class a library may name at import (in a table, as a base) whose use the bundled
    runtime does not have: making one stops with "not yet in the bundled runtime"."""
    from tensorflow._impl import core as _core

    def __init__(self, *args, **kwargs):
        raise _core.UnsupportedSymbolError(symbol)
    return type(symbol.rsplit(".", 1)[-1], (object,),
                {"__init__": __init__, "__doc__": "Not yet in the bundled runtime: " + symbol})


# --- tensorflow.python.tf2 ----------------------------------------------------------------

def _tf2_enabled():
    from tensorflow._impl import core as _core
    return bool(getattr(_core.behavior, "v2", True))


def _tf2_enable():
    from tensorflow._impl import core as _core
    _core.behavior.v2 = True


def _tf2_disable():
    from tensorflow._impl import core as _core
    _core.behavior.v2 = False


tf2 = _namespace("tf2", enabled=_tf2_enabled, enable=_tf2_enable, disable=_tf2_disable)


# --- tensorflow.python.ops.control_flow_util -----------------------------------------------

def _in_xla_context(graph=None):
    """The bundled runtime compiles nothing with XLA: never inside an XLA context."""
    return False


control_flow_util = _namespace(
    "control_flow_util", GraphOrParentsInXlaContext=_in_xla_context, IsInXLAContext=lambda op=None: False,
    EnableControlFlowV2=lambda graph=None: _tf2_enabled())


def not_yet_function(symbol):
    """A function a library names at import whose call the bundled runtime does not have."""
    def not_yet(*args, **kwargs):
        from tensorflow._impl import core as _core
        raise _core.UnsupportedSymbolError(symbol)
    not_yet.__name__ = symbol.rsplit(".", 1)[-1]
    return not_yet


# --- tensorflow.python.training.evaluation (the helpers tf.contrib/slim evaluation wraps) ---

training_evaluation = _namespace(
    "evaluation",
    _StopAfterNEvalsHook=not_yet_class("tensorflow.python.training.evaluation._StopAfterNEvalsHook"),
    _evaluate_once=not_yet_function("tensorflow.python.training.evaluation._evaluate_once"),
    _get_or_create_eval_step=not_yet_function("tensorflow.python.training.evaluation._get_or_create_eval_step"))


# --- tf.train.SessionRunHook and its messages (session_run_hook.py's API) ------------------

class SessionRunHook(object):
    """Hook into a monitored session's run loop; every method is a no-op by default."""

    def begin(self):
        pass

    def after_create_session(self, session, coord):
        pass

    def before_run(self, run_context):
        return None

    def after_run(self, run_context, run_values):
        pass

    def end(self, session):
        pass


class SessionRunArgs(collections.namedtuple("SessionRunArgs", ["fetches", "feed_dict", "options"])):
    """What a hook adds to the next run: fetches, feeds and options."""

    def __new__(cls, fetches, feed_dict=None, options=None):
        return super(SessionRunArgs, cls).__new__(cls, fetches, feed_dict, options)


class SessionRunContext(object):
    """What a hook sees of the run it is called for."""

    def __init__(self, original_args, session):
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self):
        return self._original_args

    @property
    def session(self):
        return self._session

    @property
    def stop_requested(self):
        return self._stop_requested

    def request_stop(self):
        self._stop_requested = True


class SessionRunValues(collections.namedtuple("SessionRunValues", ["results", "options", "run_metadata"])):
    """The results of a run, for after_run."""

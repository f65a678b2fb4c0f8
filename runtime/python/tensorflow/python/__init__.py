"""`tensorflow.python`: the internal modules TF1 programs import directly
(`from tensorflow.python.framework import ops; ops.reset_default_graph()`, `from
tensorflow.python.ops import math_ops`, `from tensorflow.python.platform import gfile`).

Each module here is a view of the facade's public TF 1.15 API (tf.compat.v1), never a second
implementation: `_MODULES` names, for each internal module, the API modules whose public
names it shows ("" is the top level) and the names it shows under another name (TF's
internal class names such as init_ops.Constant). The modules are made on import by
`_Finder`; a name a module lacks raises UnsupportedSymbolError naming it, a module the
table lacks UnsupportedModuleError (an ImportError): `tfmigrate run` stops with "not yet
in the bundled runtime" and exit 3 on either. The internal modules are the same in TF1 and TF2 mode, as in
real TensorFlow, so both modes show the v1 objects (`ops.name_scope` is TF1's name_scope).

Where TensorFlow's internal module holds fewer names than the API modules it is shown
through here (array_ops is the top level of the API here), a program that runs on
TensorFlow runs the same; only a name TensorFlow lacks would be found here."""
import importlib.machinery
import sys
import types

from tensorflow._impl import core as _core

# internal module: (API modules shown whole, {name: ("API module", "API name")} shown as well,
#                   names of the top level shown when the module is not shown whole)
_TOP = ""
_ALL_TOP = ((_TOP,), {}, ())
_MODULES = {
    "framework.ops": ((), {"EagerTensor": None, "SymbolicTensor": None}, (
        "Graph", "Operation", "GraphKeys", "reset_default_graph", "get_default_graph", "convert_to_tensor",
        "name_scope", "control_dependencies", "device", "colocate_with", "add_to_collection", "_get_graph_from_inputs",
        "add_to_collections", "get_collection", "get_collection_ref", "RegisterGradient", "NotDifferentiable",
        "no_gradient", "init_scope", "enable_eager_execution", "disable_eager_execution", "get_name_scope")),
    "framework.tensor": ((), {}, ("Tensor",)),
    "framework.indexed_slices": ((), {}, ("IndexedSlices", "IndexedSlicesValue")),
    "framework.dtypes": (("dtypes",), {}, ("DType", "as_dtype")),
    "framework.constant_op": ((), {}, ("constant",)),
    "framework.tensor_shape": ((), {}, ("TensorShape", "Dimension", "dimension_value", "dimension_at_index")),
    "framework.errors": (("errors",), {}, ()),
    "framework.errors_impl": (("errors",), {}, ()),
    "framework.random_seed": ((), {}, ("set_random_seed", "get_seed")),
    "framework.sparse_tensor": ((), {}, ("SparseTensor", "SparseTensorValue")),
    "framework.tensor_spec": ((), {}, ("TensorSpec",)),
    "framework.tensor_util": ((), {"MakeNdarray": ("", "make_ndarray")}, ("make_tensor_proto",)),
    "ops.array_ops": _ALL_TOP,
    "ops.math_ops": (("math", _TOP), {}, ()),
    "ops.nn": (("nn",), {}, ()),
    "ops.nn_ops": (("nn",), {}, ()),
    "ops.nn_impl": (("nn",), {}, ()),
    "ops.random_ops": (("random", _TOP), {}, ()),
    "ops.init_ops": (("initializers", _TOP), {
        "Zeros": ("", "zeros_initializer"), "Ones": ("", "ones_initializer"),
        "Constant": ("", "constant_initializer"), "RandomUniform": ("", "random_uniform_initializer"),
        "RandomNormal": ("", "random_normal_initializer"), "TruncatedNormal": ("", "truncated_normal_initializer"),
        "GlorotUniform": ("", "glorot_uniform_initializer"), "GlorotNormal": ("", "glorot_normal_initializer"),
        "VarianceScaling": ("", "variance_scaling_initializer"), "Orthogonal": ("", "orthogonal_initializer")}, ()),
    "ops.control_flow_ops": _ALL_TOP,
    "ops.variable_scope": _ALL_TOP,
    "ops.variables": ((_TOP,), {"PartitionedVariable": None}, ()),
    "ops.state_ops": _ALL_TOP,
    "ops.data_flow_ops": _ALL_TOP,
    "ops.gradients": _ALL_TOP,
    "ops.gradients_impl": _ALL_TOP,
    "ops.clip_ops": _ALL_TOP,
    "ops.check_ops": (("debugging", _TOP), {}, ()),
    "ops.functional_ops": _ALL_TOP,
    "ops.logging_ops": _ALL_TOP,
    "ops.script_ops": _ALL_TOP,
    "ops.embedding_ops": (("nn", _TOP), {}, ()),
    # TF1 recurrent networks: dynamic_rnn / static_rnn are tf.nn's functions, as in TensorFlow;
    # TF 2.21's rnn_cell classes are its own copy (tensorflow.python.keras's legacy cells), not
    # the tf_keras classes tf.nn.rnn_cell shows, which behave the same: here both are the one set
    "ops.rnn": ((), {"dynamic_rnn": ("nn", "dynamic_rnn"), "static_rnn": ("nn", "static_rnn")}, ()),
    "ops.rnn_cell": (("nn.rnn_cell",), {}, ()),
    "ops.rnn_cell_impl": (("nn.rnn_cell",), {}, ()),
    "ops.tensor_array_ops": _ALL_TOP,
    "ops.standard_ops": _ALL_TOP,
    "ops.string_ops": (("strings", _TOP), {}, ()),
    "ops.sparse_ops": (("sparse", _TOP), {}, ()),
    "ops.linalg_ops": (("linalg", _TOP), {}, ()),
    "ops.image_ops": (("image",), {}, ()),
    "ops.losses.losses": (("losses",), {}, ()),
    "platform.gfile": (("gfile",), {}, ()),
    "platform.tf_logging": (("logging",), {}, ()),
    "platform.test": (("test",), {}, ()),
    "platform.app": (("app",), {}, ()),
    "platform.flags": (("flags",), {}, ()),
    "client.session": ((), {}, ("Session", "InteractiveSession")),
    "summary.summary": (("summary",), {}, ()),
    "util.nest": (("nest",), {}, ()),
    "eager.context": ((), {}, ("executing_eagerly",)),
    "eager.backprop": ((), {}, ("GradientTape",)),
    "framework.device_spec": ((), {"DeviceSpecV1": ("", "DeviceSpec"), "DeviceSpecV2": ("", "DeviceSpec")},
                              ("DeviceSpec",)),
    "keras.engine.input_spec": ((), {"InputSpec": ("layers", "InputSpec")}, ()),
    "layers.base": (("layers",), {}, ()),
    "layers.core": (("layers",), {}, ()),
    "layers.convolutional": (("layers",), {}, ()),
    "layers.normalization": (("layers",), {}, ()),
    "layers.pooling": (("layers",), {}, ()),
    "ops.custom_gradient": ((), {}, ("custom_gradient", "RegisterGradient")),
    "ops.confusion_matrix": ((), {}, ("confusion_matrix",)),
    "ops.histogram_ops": ((), {}, ("histogram_fixed_width", "histogram_fixed_width_bins")),
    "ops.weights_broadcast_ops": ((), {}, ()),
    "ops.metrics": (("metrics",), {}, ()),
    "ops.metrics_impl": (("metrics",), {}, ()),
    "ops.io_ops": (("io", _TOP), {}, ()),
    "ops.parsing_ops": (("io", _TOP), {}, ()),
    "ops.lookup_ops": (("lookup",), {}, ()),
    "ops.partitioned_variables": _ALL_TOP,
    "ops.map_fn": ((), {}, ("map_fn",)),
    "ops.template": ((), {}, ("make_template",)),
    "ops.resource_variable_ops": ((), {}, ("ResourceVariable",)),
    "ops.gradient_checker": ((), {}, ("compute_gradient", "compute_gradient_error")),
    "lib.io.file_io": ((), {}, ()),
    "lib.io.tf_record": ((), {"TFRecordWriter": ("io", "TFRecordWriter"),
                              "tf_record_iterator": ("io", "tf_record_iterator"),
                              "TFRecordOptions": ("io", "TFRecordOptions"),
                              "TFRecordCompressionType": ("io", "TFRecordCompressionType")}, ()),
    "client.timeline": ((), {}, ()),
    "training.device_setter": ((), {"replica_device_setter": ("train", "replica_device_setter")}, ()),
    "training.sync_replicas_optimizer": ((), {"SyncReplicasOptimizer": ("train", "SyncReplicasOptimizer")}, ()),
    "summary.summary_iterator": ((), {"summary_iterator": ("train", "summary_iterator")}, ()),
}
for _name in ("training", "saver", "training_util", "gradient_descent", "adam", "momentum", "rmsprop",
              "adagrad", "optimizer", "monitored_session", "queue_runner", "queue_runner_impl", "coordinator",
              "input", "learning_rate_decay", "moving_averages", "checkpoint_management", "session_run_hook",
              "basic_session_run_hooks", "supervisor", "training"):
    _MODULES["training." + _name] = (("train",), {}, ())
# helpers of `tensorflow.python.util` that are plain Python (tensorflow/_impl/python_util.py):
# internal module -> the namespace of python_util it shows
_PLAIN = {"util.tf_contextlib": "tf_contextlib", "util.tf_decorator": "tf_decorator",
          "util.tf_inspect": "tf_inspect", "util.deprecation": "deprecation", "util.compat": "compat",
          "util.all_util": "all_util", "tf2": "tf2", "ops.control_flow_util": "control_flow_util",
          "training.evaluation": "training_evaluation"}
for _name in _PLAIN:
    _MODULES[_name] = ((), {}, ())
# names TensorFlow 2.21's internal module no longer has (moved to another module): the plain
# AttributeError TensorFlow raises, not "not yet in the bundled runtime"
_MOVED = {"framework.ops": {"Tensor", "IndexedSlices", "IndexedSlicesValue", "TensorSpec",
                            "convert_to_tensor_or_indexed_slices", "executing_eagerly"}}
_PACKAGES = {k.rsplit(".", i)[0] for k in _MODULES for i in range(1, k.count(".") + 1)}


def _api(path):
    """The v1 API module at `path` ("" the top level, "nn", "train"), or None where the
    bundled runtime has none."""
    mod = sys.modules["tensorflow.compat.v1"]
    for part in filter(None, path.split(".")):
        try:
            mod = getattr(mod, part)
        except AttributeError:
            return None
    return mod


def _public(mod):
    if hasattr(mod, "_tfm_load"):   # a LazyApiModule: its names are made on first use
        mod._tfm_load()
    api_module = type(sys.modules["tensorflow.compat.v1"])
    return {k: v for k, v in vars(mod).items()
            if not k.startswith("_") and not isinstance(v, (types.ModuleType, api_module))}


class InternalModule(types.ModuleType):
    """One `tensorflow.python...` module: its names were copied from the API when it was made."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in _MOVED.get(self.__name__[len(__name__) + 1:], ()):
            raise AttributeError("module '%s' has no attribute '%s'" % (self.__name__, name))
        raise _core.UnsupportedSymbolError("%s.%s" % (self.__name__, name))


def _plain(mod, namespace):
    """`mod` showing the names of python_util's `namespace` (plain-Python helpers)."""
    from tensorflow._impl import python_util
    vars(mod).update({k: v for k, v in vars(getattr(python_util, namespace)).items() if not k.startswith("__")})
    return mod


def _make(short):
    mod = InternalModule("tensorflow.python." + short)
    if short in _PACKAGES:
        mod.__path__ = []
    if short in _PLAIN:
        return _plain(mod, _PLAIN[short])
    whole, renamed, top_names = _MODULES.get(short, ((), {}, ()))
    # the first API module listed wins where two hold a name (math_ops.add: tf.math.add)
    for path in reversed(whole):
        api = _api(path)
        if api is not None:
            vars(mod).update(_public(api))
    top = _api(_TOP)
    for name in top_names:
        if name in vars(top):
            setattr(mod, name, vars(top)[name])
        elif hasattr(_core, name):
            setattr(mod, name, getattr(_core, name))
    for name, where in renamed.items():
        if where is None:   # a framework class the API does not name (ops.EagerTensor)
            if hasattr(_core, name):
                setattr(mod, name, getattr(_core, name))
            continue
        api = _api(where[0])
        if api is not None and where[1] in vars(api):
            setattr(mod, name, vars(api)[where[1]])
    return mod


class _TreeFinder:
    """Makes the modules of one synthetic package tree on import: `root.SHORT` for SHORT in
    `known` (made by `make(SHORT, name)`) or in `packages`; another name under `root` is
    UnsupportedModuleError — not ModuleNotFoundError, which `from tensorflow.python.util
    import X` would turn into "cannot import name"."""

    class _Loader:
        def __init__(self, finder, short):
            self.finder, self.short = finder, short

        def create_module(self, spec):
            return self.finder.make(self.short, spec.name)

        def exec_module(self, module):
            pass

    def __init__(self, root, known, packages, make):
        self.root, self.known, self.packages, self.make = root, known, packages, make

    def find_spec(self, fullname, path=None, target=None):
        if fullname == self.root:
            if "" not in self.packages:
                return None   # the root is a real package (tensorflow.python is this file)
            short = ""
        elif fullname.startswith(self.root + "."):
            short = fullname[len(self.root) + 1:]
        else:
            return None
        if short not in self.known and short not in self.packages:
            raise _core.UnsupportedModuleError(fullname)
        return importlib.machinery.ModuleSpec(fullname, self._Loader(self, short), is_package=short in self.packages)


# tensorflow.python itself is this file: only the names below it are made
_Finder = _TreeFinder(__name__, _MODULES, _PACKAGES, lambda short, name: _make(short))


# `tensorflow.core`: the protocol buffer modules TF1 libraries import for a constant or a
# message class (saver_pb2.SaverDef.V1, config_pb2.ConfigProto), from python_util.
_CORE = {"protobuf.saver_pb2": "saver_pb2", "protobuf.config_pb2": "config_pb2"}
_CORE_PACKAGES = {"", "protobuf"}


def _make_core(short, name):
    mod = InternalModule(name)
    if short in _CORE_PACKAGES:
        mod.__path__ = []
        return mod
    return _plain(mod, _CORE[short])


_CoreFinder = _TreeFinder("tensorflow.core", _CORE, _CORE_PACKAGES, _make_core)
for _f in (_Finder, _CoreFinder):
    if not any(isinstance(m, _TreeFinder) and m.root == _f.root for m in sys.meta_path):
        sys.meta_path.insert(0, _f)

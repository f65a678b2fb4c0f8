"""Assembles the public namespaces: the TF 1.15 API (`v1`) and the TF 2 API (`v2`), each a
tree of modules. A name the bundled runtime lacks raises UnsupportedSymbolError (an
AttributeError naming the symbol); TF1-only names looked up on the TF2 API raise the
plain AttributeError real TensorFlow 2 raises.

_build makes one section per TF module (tf.math, tf.nn, tf.linalg, tf.image, tf.random,
tf.strings, tf.data, tf.train, tf.keras, ...): the names both APIs share, then each API's
own; the implementations live in the module of the same TF name (math_ops.py, nn_ops.py,
...; runtime/README.md has the map)."""
import contextlib
# At module level, never inside ApiFinder.find_spec: where importlib.util is not yet loaded
# (a venv's interpreter), importing it there asks the finder again, without end.
import importlib.util
import os
import sys
import types

from . import (array_ops, clip_ops, control_flow, control_flow_ops, core, data, function, functional_ops,
               gradients, image_ops, init_ops, linalg_ops, logging_ops, math_ops, module, nest, nn_ops,
               platform, random_ops, random_seed, rnn, saver, script_ops, session, sort_ops, string_ops, tensor_array,
               train, variables)
from . import autograph  # noqa: F401 (tf.function converts with it)
from . import check_ops, gfile, graph_def, queues, server_lib, sparse_ops, tf_record, python_util as _python_util
from . import supervisor as _supervisor
from .keras import initializers as keras_initializers
from .core import UnsupportedSymbolError


class ApiModule(types.ModuleType):
    def __init__(self, path, removed=()):
        super().__init__(path)
        self._tfm_path = path
        # names this API lacks where the other has them: a set, or _Tf2Removed (the TF2 API's modules)
        self._tfm_removed = removed if isinstance(removed, _Tf2Removed) else set(removed)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in self._tfm_removed:
            raise AttributeError("module '%s' has no attribute '%s'" % (self._tfm_path, name))
        raise UnsupportedSymbolError("%s.%s" % (self._tfm_path.replace("tensorflow", "tf", 1), name))

    def __repr__(self):
        return "<module '%s' (tfmigrate bundled runtime)>" % self._tfm_path


class LazyApiModule(ApiModule):
    """An API module whose names are made on first use: tf.keras, whose modules (most of the
    facade's) only programs that use Keras import."""
    def __init__(self, path, make):
        super().__init__(path)
        self._tfm_make = make
        self.__path__ = []   # a package: `import tensorflow.keras.layers` asks ApiFinder

    def _tfm_load(self):
        make = self.__dict__.pop("_tfm_make", None)
        if make is not None:
            # the facade's bytecode is cached next to it, as the recorder caches it when it
            # imports tensorflow (also under PYTHONDONTWRITEBYTECODE)
            dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, False
            try:
                names = make()
            finally:
                sys.dont_write_bytecode = dont_write
            for k, v in names.items():
                setattr(self, k, v)

    def __getattr__(self, name):
        if "_tfm_make" in self.__dict__ and not name.startswith("__"):
            self._tfm_load()
            return getattr(self, name)
        return super().__getattr__(name)

    def __dir__(self):
        self._tfm_load()
        return super().__dir__()


class ApiFinder:
    """Imports of API submodules (`import tensorflow.keras.layers`, `from
    tensorflow.keras.optimizers.schedules import ...`): the module is the parent API
    module's attribute of that name; names it lacks are left to the other finders."""
    class _Loader:
        def __init__(self, module):
            self.module = module

        def create_module(self, spec):
            return self.module

        def exec_module(self, module):
            pass

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        parent, _, leaf = fullname.rpartition(".")
        pmod = sys.modules.get(parent)
        if not isinstance(pmod, ApiModule) or leaf.startswith("_"):
            return None
        try:
            mod = getattr(pmod, leaf)
        except AttributeError:
            return None
        if not isinstance(mod, ApiModule):
            return None
        return importlib.util.spec_from_loader(fullname, cls._Loader(mod), is_package=True)


def _mod(path, names, removed=()):
    m = ApiModule(path, removed)
    for k, v in names.items():
        setattr(m, k, v)
    return m


class _Tf2Removed:
    """The names TF 1.15 has in one module (`prefix`: "" the top level, "nn.", "train.") that TF 2.21
    lacks, so that looking one up on the TF2 API raises the plain AttributeError real TensorFlow 2
    raises. Read from the API tables tools/gen_api_tables.py generates from real TensorFlow:
    rules/tf1_api.tsv (plus api_removed.tsv: tf.contrib is not part of TF 1.15's generated API)
    minus rules/tf2_api.tsv. They are installed with the facade (share/tfmigrate/rules) and read on
    the first lookup a module misses."""

    _tf1 = _tf2 = None

    def __init__(self, prefix):
        assert prefix.count(".") <= 1
        self._prefix = prefix

    def __contains__(self, name):
        if _Tf2Removed._tf1 is None:
            _Tf2Removed._load()
        key = self._prefix + name
        return key in _Tf2Removed._tf1 and key not in _Tf2Removed._tf2

    @staticmethod
    def _load():
        here = os.path.dirname(os.path.abspath(__file__))
        # the checkout (runtime/python/tensorflow/_impl -> rules/) or an install (share/tfmigrate/python/... ->
        # share/tfmigrate/rules/)
        candidates = [os.path.join(here, *[os.pardir] * up, "rules") for up in (4, 3)]
        folder = next((c for c in candidates if os.path.exists(os.path.join(c, "tf2_api.tsv"))), None)
        if folder is None:
            raise RuntimeError("tfmigrate: the API tables (tf1_api.tsv, tf2_api.tsv) are not next to the bundled "
                               "runtime; looked in " + ", ".join(os.path.normpath(c) for c in candidates))

        def names(table, strip=0):
            # endpoints and their modules, one level deep ("nn", "nn.relu"): the prefixes used are "" and "X."
            out = set()
            with open(os.path.join(folder, table), encoding="utf-8") as f:
                for line in f:
                    if line[:1] in ("#", "\n") or line.startswith("tf.compat.", 0):
                        continue
                    parts = line[strip:line.index("\t")].split(".", 2)
                    out.add(parts[0])
                    if len(parts) > 1:
                        out.add(parts[0] + "." + parts[1])
            return out

        tf1 = names("tf1_api.tsv") | names("api_removed.tsv")
        tf2 = names("tf2_api.tsv", strip=3) | {"compat"}
        _Tf2Removed._tf1, _Tf2Removed._tf2 = tf1, tf2


def _assign(ref, value, validate_shape=None, use_locking=None, name=None):
    return ref.assign(value, name=name)


def _enable_eager(*a, **k):
    core.behavior.eager = True


def _disable_eager():
    core.behavior.eager = False


def _disable_v2():
    core.behavior.v2 = False
    core.behavior.eager = False
    core.behavior.tensor_equality = False
    core.behavior.resource_variables = False
    core.behavior.v1_shapes = True


def _enable_v2():
    core.behavior.v2 = True
    core.behavior.eager = True
    core.behavior.tensor_equality = True
    core.behavior.resource_variables = True
    core.behavior.v1_shapes = False


class GraphKeys:
    """TF1's standard collection names (the values are TensorFlow's)."""
    GLOBAL_VARIABLES = "variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    LOCAL_VARIABLES = "local_variables"
    MODEL_VARIABLES = "model_variables"
    METRIC_VARIABLES = "metric_variables"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    CONCATENATED_VARIABLES = "concatenated_variables"
    TRAINABLE_RESOURCE_VARIABLES = "trainable_resource_variables"
    GLOBAL_STEP = "global_step"
    EVAL_STEP = "eval_step"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    REGULARIZATION_LOSSES = "regularization_losses"
    SUMMARIES = "summaries"
    SUMMARY_OP = "summary_op"
    QUEUE_RUNNERS = "queue_runners"
    TRAIN_OP = "train_op"
    INIT_OP = "init_op"
    LOCAL_INIT_OP = "local_init_op"
    READY_OP = "ready_op"
    READY_FOR_LOCAL_INIT_OP = "ready_for_local_init_op"
    ACTIVATIONS = "activations"
    WEIGHTS = "weights"
    BIASES = "biases"
    ASSET_FILEPATHS = "asset_filepaths"
    TABLE_INITIALIZERS = "table_initializer"
    RESOURCES = "resources"
    LOCAL_RESOURCES = "local_resources"
    SAVEABLE_OBJECTS = "saveable_objects"
    SAVERS = "savers"
    COND_CONTEXT = "cond_context"
    WHILE_CONTEXT = "while_context"
    VARIABLES = "variables"
    _VARIABLE_COLLECTIONS = [GLOBAL_VARIABLES, LOCAL_VARIABLES, METRIC_VARIABLES, MODEL_VARIABLES,
                             TRAINABLE_VARIABLES, MOVING_AVERAGE_VARIABLES, CONCATENATED_VARIABLES,
                             TRAINABLE_RESOURCE_VARIABLES]


def _get_collection(key, scope=None):
    return core.get_default_graph().get_collection(key, scope)


def _add_to_collection(name, value):
    core.get_default_graph().add_to_collection(name, value)


def _add_to_collections(names, value):
    """tf.compat.v1.add_to_collections: `value` in each collection of `names` (a name or a list)."""
    for n in ([names] if isinstance(names, str) else set(names)):
        core.get_default_graph().add_to_collection(n, value)


def _name_scope_v1(name, default_name=None, values=None):
    if core.executing_eagerly():
        return _eager_name_scope(name or default_name)
    return core.get_default_graph().name_scope(name if name is not None else default_name)


def _name_scope_v2(name):
    if core.executing_eagerly():
        return _eager_name_scope(name)
    return core.get_default_graph().name_scope(name)


class _eager_name_scope:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self._old = variables._eager_scope[0]
        variables._eager_scope[0] = (self._old + "/" + self.name) if self._old else self.name
        return variables._eager_scope[0] + "/"

    def __exit__(self, *a):
        variables._eager_scope[0] = self._old
        return False


def _math():
    """tf.math: (names both APIs share, also exported at the top level) and the special
    functions (tf.math in both APIs, top level in TF1 only)."""
    m = math_ops
    common = {
        "add": m.add, "subtract": m.subtract, "multiply": m.multiply, "divide": m.divide, "truediv": m.truediv,
        "floordiv": m.floordiv, "floormod": m.floormod, "mod": m.floormod, "pow": m.pow, "maximum": m.maximum,
        "minimum": m.minimum, "squared_difference": m.squared_difference, "negative": m.negative, "abs": m.abs,
        "sign": m.sign, "square": m.square, "sqrt": m.sqrt, "rsqrt": m.rsqrt, "exp": m.exp, "log": m.log,
        "log1p": m.log1p, "sin": m.sin, "cos": m.cos, "tanh": m.tanh, "sigmoid": m.sigmoid, "floor": m.floor,
        "ceil": m.ceil, "round": m.round, "reciprocal": m.reciprocal, "softplus": m.softplus,
        "equal": m.equal, "not_equal": m.not_equal, "less": m.less, "less_equal": m.less_equal,
        "greater": m.greater, "greater_equal": m.greater_equal, "logical_and": m.logical_and,
        "logical_or": m.logical_or, "logical_not": m.logical_not, "logical_xor": m.logical_xor,
        "reduce_sum": m.reduce_sum, "reduce_mean": m.reduce_mean, "reduce_max": m.reduce_max,
        "reduce_min": m.reduce_min, "reduce_prod": m.reduce_prod, "reduce_all": m.reduce_all,
        "reduce_any": m.reduce_any, "argmax": m.argmax, "argmin": m.argmin, "add_n": m.add_n,
        "reduce_logsumexp": m.reduce_logsumexp, "realdiv": m.realdiv, "softmax": nn_ops.softmax,
        "log_softmax": nn_ops.log_softmax, "l2_normalize": nn_ops.l2_normalize, "cumsum": m.cumsum,
        "top_k": nn_ops.top_k}
    special = {"lgamma": m.lgamma, "digamma": m.digamma, "erf": m.erf, "erfc": m.erfc, "polygamma": m.polygamma}
    # tf.math only; some are also top-level names (tf.cumprod in TF1, tf.math.atan2 and tf.atan2)
    extra = {
        "segment_sum": m.segment_sum, "segment_mean": m.segment_mean, "segment_max": m.segment_max,
        "segment_min": m.segment_min, "segment_prod": m.segment_prod, "unsorted_segment_sum": m.unsorted_segment_sum,
        "unsorted_segment_max": m.unsorted_segment_max, "unsorted_segment_min": m.unsorted_segment_min,
        "unsorted_segment_prod": m.unsorted_segment_prod, "cumprod": m.cumprod, "bincount": m.bincount,
        "atan2": m.atan2, "rint": m.rint, "expm1": m.expm1, "confusion_matrix": m.confusion_matrix,
        "invert_permutation": array_ops.invert_permutation, "trace": linalg_ops.trace}
    v1 = dict(common, **special, **extra, count_nonzero=m.count_nonzero, in_top_k=nn_ops.in_top_k,
              divide_no_nan=m.div_no_nan, softsign=nn_ops.softsign, scalar_mul=m.scalar_mul)
    v2 = dict(common, **special, **extra, count_nonzero=m.count_nonzero_v2, in_top_k=nn_ops.in_top_k_v2,
              divide_no_nan=m.div_no_nan, softsign=nn_ops.softsign, scalar_mul=m.scalar_mul)
    return common, special, extra, v1, v2


def _nn():
    """tf.nn: (v1, v2); the names TF2 removed come from the API tables (_Tf2Removed)."""
    both = {"relu": nn_ops.relu, "sigmoid": math_ops.sigmoid, "tanh": math_ops.tanh, "softmax": nn_ops.softmax,
            "log_softmax": nn_ops.log_softmax, "dropout": nn_ops.dropout, "l2_loss": nn_ops.l2_loss,
            "bias_add": nn_ops.bias_add, "softsign": nn_ops.softsign,
            "sparse_softmax_cross_entropy_with_logits": nn_ops.sparse_softmax_cross_entropy_with_logits,
            "sigmoid_cross_entropy_with_logits": nn_ops.sigmoid_cross_entropy_with_logits,
            "leaky_relu": nn_ops.leaky_relu, "elu": nn_ops.elu, "softplus": math_ops.softplus,
            "l2_normalize": nn_ops.l2_normalize, "moments": nn_ops.moments,
            "sufficient_statistics": nn_ops.sufficient_statistics, "normalize_moments": nn_ops.normalize_moments,
            "embedding_lookup": nn_ops.embedding_lookup, "top_k": nn_ops.top_k,
            "batch_normalization": nn_ops.batch_normalization, "selu": nn_ops.selu, "relu6": nn_ops.relu6,
            "atrous_conv2d": nn_ops.atrous_conv2d, "space_to_depth": nn_ops.space_to_depth,
            "depth_to_space": nn_ops.depth_to_space, "lrn": nn_ops.lrn, "local_response_normalization": nn_ops.lrn,
            "compute_accidental_hits": random_ops.compute_accidental_hits,
            "experimental": _mod("tensorflow.nn.experimental", {"general_dropout": nn_ops.general_dropout})}
    v1 = dict(both, softmax_cross_entropy_with_logits=nn_ops.softmax_cross_entropy_with_logits,
              softmax_cross_entropy_with_logits_v2=nn_ops.softmax_cross_entropy_with_logits_v2,
              conv2d=nn_ops.conv2d_v1, max_pool=nn_ops.max_pool_v1, avg_pool=nn_ops.avg_pool_v1,
              max_pool2d=nn_ops.max_pool_v1, avg_pool2d=nn_ops.avg_pool_v1, dynamic_rnn=rnn.dynamic_rnn,
              static_rnn=rnn.static_rnn, in_top_k=nn_ops.in_top_k, nce_loss=nn_ops.nce_loss,
              sampled_softmax_loss=nn_ops.sampled_softmax_loss,
              log_uniform_candidate_sampler=random_ops.log_uniform_candidate_sampler,
              uniform_candidate_sampler=random_ops.uniform_candidate_sampler,
              weighted_cross_entropy_with_logits=nn_ops.weighted_cross_entropy_with_logits,
              conv1d=nn_ops.conv1d_v1, conv2d_transpose=nn_ops.conv2d_transpose_v1,
              depthwise_conv2d=nn_ops.depthwise_conv2d_v1, depthwise_conv2d_native=nn_ops.depthwise_conv2d_native,
              separable_conv2d=nn_ops.separable_conv2d_v1, max_pool_with_argmax=nn_ops.max_pool_with_argmax_v1,
              rnn_cell=_mod("tensorflow.nn.rnn_cell", {
                  "RNNCell": rnn.RNNCell, "BasicRNNCell": rnn.BasicRNNCell, "BasicLSTMCell": rnn.BasicLSTMCell,
                  "LSTMCell": rnn.LSTMCell, "GRUCell": rnn.GRUCell, "MultiRNNCell": rnn.MultiRNNCell,
                  "DropoutWrapper": rnn.DropoutWrapper,
                  "LSTMStateTuple": rnn.LSTMStateTuple}))
    v2 = dict(both, softmax_cross_entropy_with_logits=nn_ops.softmax_cross_entropy_with_logits_v2,
              conv2d=nn_ops.conv2d_v2, max_pool=nn_ops.max_pool_v2, avg_pool=nn_ops.avg_pool_v2,
              max_pool2d=nn_ops.max_pool_v2, avg_pool2d=nn_ops.avg_pool_v2, in_top_k=nn_ops.in_top_k_v2,
              weighted_cross_entropy_with_logits=nn_ops.weighted_cross_entropy_with_logits_v2,
              conv1d=nn_ops.conv1d_v2, conv2d_transpose=nn_ops.conv2d_transpose_v2,
              depthwise_conv2d=nn_ops.depthwise_conv2d_v2, separable_conv2d=nn_ops.separable_conv2d_v2,
              max_pool_with_argmax=nn_ops.max_pool_with_argmax_v2, nce_loss=nn_ops.nce_loss_v2,
              sampled_softmax_loss=nn_ops.sampled_softmax_loss_v2)
    return v1, v2


def _linalg():
    """tf.linalg, and the TF1 top-level spellings of its ops (TF2 removed those)."""
    la = linalg_ops
    both = {
        "matmul": math_ops.matmul, "norm": la.norm, "einsum": la.einsum, "tensordot": la.tensordot,
        "inv": la.matrix_inverse, "det": la.matrix_determinant, "cholesky": la.cholesky, "solve": la.matrix_solve,
        "triangular_solve": la.matrix_triangular_solve, "svd": la.svd, "qr": la.qr, "eigh": la.self_adjoint_eig,
        "eigvalsh": la.self_adjoint_eigvals, "band_part": la.matrix_band_part, "diag": la.matrix_diag,
        "diag_part": la.matrix_diag_part, "set_diag": la.matrix_set_diag, "trace": la.trace, "eye": la.eye,
        "matrix_transpose": la.matrix_transpose, "adjoint": la.adjoint, "slogdet": la.slogdet, "logdet": la.logdet,
        "tensor_diag": la.tensor_diag, "tensor_diag_part": la.tensor_diag_part, "cholesky_solve": la.cholesky_solve, "cross": la.cross}
    top_v1 = {
        "matrix_inverse": la.matrix_inverse, "matrix_determinant": la.matrix_determinant, "cholesky": la.cholesky,
        "matrix_solve": la.matrix_solve, "matrix_triangular_solve": la.matrix_triangular_solve, "svd": la.svd,
        "qr": la.qr, "self_adjoint_eig": la.self_adjoint_eig, "self_adjoint_eigvals": la.self_adjoint_eigvals,
        "matrix_band_part": la.matrix_band_part, "matrix_diag": la.matrix_diag,
        "matrix_diag_part": la.matrix_diag_part, "matrix_set_diag": la.matrix_set_diag, "diag": la.tensor_diag,
        "diag_part": la.tensor_diag_part, "trace": la.trace, "matrix_transpose": la.matrix_transpose,
        "space_to_depth": nn_ops.space_to_depth, "depth_to_space": nn_ops.depth_to_space,
        "extract_image_patches": image_ops.extract_image_patches, "cholesky_solve": la.cholesky_solve,
        "cross": la.cross}
    return both, top_v1


def _image():
    """tf.image: (v1, v2, names TF2 removed)."""
    from . import jpeg
    im = image_ops
    both = {
        "flip_left_right": im.flip_left_right, "flip_up_down": im.flip_up_down,
        "rgb_to_grayscale": im.rgb_to_grayscale, "per_image_standardization": im.per_image_standardization,
        "resize_with_crop_or_pad": im.resize_with_crop_or_pad, "central_crop": im.central_crop,
        "adjust_brightness": im.adjust_brightness, "extract_patches": im.extract_patches,
        "crop_to_bounding_box": im.crop_to_bounding_box, "pad_to_bounding_box": im.pad_to_bounding_box,
        "random_crop": random_ops.random_crop, "encode_jpeg": jpeg.encode_jpeg}
    v1 = dict(both, resize_images=im.resize_images, resize=im.resize_images, resize_bilinear=im.resize_bilinear,
              resize_nearest_neighbor=im.resize_nearest_neighbor, ResizeMethod=im.ResizeMethodV1,
              resize_image_with_crop_or_pad=im.resize_with_crop_or_pad, extract_image_patches=im.extract_image_patches)
    v2 = dict(both, resize=im.resize_images_v2, ResizeMethod=im.ResizeMethod)
    return v1, v2, {"resize_images", "resize_bilinear", "resize_nearest_neighbor", "resize_image_with_crop_or_pad",
                    "extract_image_patches"}


def _random():
    """tf.random: (v1, v2)."""
    both = {"normal": random_ops.random_normal, "uniform": random_ops.random_uniform,
            "truncated_normal": random_ops.truncated_normal, "set_seed": random_seed.set_seed,
            "shuffle": random_ops.random_shuffle, "categorical": random_ops.categorical,
            "log_uniform_candidate_sampler": random_ops.log_uniform_candidate_sampler,
            "uniform_candidate_sampler": random_ops.uniform_candidate_sampler}
    v1 = dict(both, set_random_seed=random_seed.set_seed, multinomial=random_ops.multinomial)
    v2 = dict(both, Generator=random_ops.Generator, get_global_generator=random_ops.get_global_generator,
              set_global_generator=random_ops.set_global_generator)
    return v1, v2


def _train_v1():
    """TF1 tf.train (TF2's tf.train has none of these names)."""
    t = train
    return {
        "GradientDescentOptimizer": t.GradientDescentOptimizer, "MomentumOptimizer": t.MomentumOptimizer,
        "AdamOptimizer": t.AdamOptimizer, "Optimizer": t.Optimizer, "RMSPropOptimizer": t.RMSPropOptimizer,
        "AdagradOptimizer": t.AdagradOptimizer, "get_or_create_global_step": t.get_or_create_global_step,
        "SessionRunHook": _python_util.SessionRunHook, "SessionRunArgs": _python_util.SessionRunArgs,
        "SessionRunContext": _python_util.SessionRunContext, "SessionRunValues": _python_util.SessionRunValues,
        **_train_not_yet(),
        "QueueRunner": queues.QueueRunner, "Coordinator": queues.Coordinator,
        "ClusterSpec": server_lib.ClusterSpec, "Server": server_lib.Server,
        "add_queue_runner": queues.add_queue_runner, "start_queue_runners": queues.start_queue_runners,
        "string_input_producer": queues.string_input_producer, "input_producer": queues.input_producer,
        "range_input_producer": queues.range_input_producer, "slice_input_producer": queues.slice_input_producer,
        "limit_epochs": queues.limit_epochs, "batch": queues.batch,
        "get_global_step": t.get_global_step, "create_global_step": t.create_global_step,
        "exponential_decay": t.exponential_decay, "piecewise_constant": t.piecewise_constant,
        "piecewise_constant_decay": t.piecewise_constant, "polynomial_decay": t.polynomial_decay,
        "natural_exp_decay": t.natural_exp_decay, "inverse_time_decay": t.inverse_time_decay,
        "cosine_decay": t.cosine_decay, "Saver": saver.Saver, "Supervisor": _supervisor.Supervisor, "checkpoint_exists": saver.checkpoint_exists,
        "update_checkpoint_state": saver.update_checkpoint_state, "summary_iterator": _summary_iterator,
        "NewCheckpointReader": _new_checkpoint_reader,
        **_checkpoints()}


def _new_checkpoint_reader(filepattern):
    """tf.compat.v1.train.NewCheckpointReader (checkpoint.py)."""
    from . import checkpoint
    return checkpoint.NewCheckpointReader(filepattern)


def _summary_iterator(path):
    """tf.compat.v1.train.summary_iterator (events.py, imported on first use)."""
    from . import events
    return events.summary_iterator(path)


def _train_not_yet():
    """tf.train names a library may mention at import (a table, a base class, a default
    argument) whose use the bundled runtime does not have yet: using one stops with "not
    yet in the bundled runtime"."""
    classes = ("FtrlOptimizer", "ProximalGradientDescentOptimizer", "ProximalAdagradOptimizer",
               "AdadeltaOptimizer", "SyncReplicasOptimizer", "MonitoredSession",
               "SingularMonitoredSession", "Scaffold", "ChiefSessionCreator",
               "WorkerSessionCreator", "StopAtStepHook", "CheckpointSaverHook", "SummarySaverHook",
               "LoggingTensorHook", "NanTensorHook", "StepCounterHook", "FinalOpsHook", "FeedFnHook",
               "GlobalStepWaiterHook", "ProfilerHook", "ExponentialMovingAverage")
    functions = ("MonitoredTrainingSession", "replica_device_setter",
                 "shuffle_batch", "batch_join", "shuffle_batch_join", "maybe_batch",
                 "maybe_shuffle_batch", "match_filenames_once",
                 "init_from_checkpoint",
                 "assert_global_step", "global_step")
    names = {n: _python_util.not_yet_class("tf.train." + n) for n in classes}
    names.update({n: _python_util.not_yet_function("tf.train." + n) for n in functions})
    return names


def _checkpoints():
    """tf.train's checkpoint management and object-based checkpoints (both APIs)."""
    from . import checkpoint, example_pb
    return {**example_pb.NAMES, "get_checkpoint_state": saver.get_checkpoint_state, "latest_checkpoint": saver.latest_checkpoint,
            "Checkpoint": checkpoint.Checkpoint, "CheckpointManager": checkpoint.CheckpointManager,
            "list_variables": checkpoint.list_variables, "load_variable": checkpoint.load_variable,
            "load_checkpoint": checkpoint.load_checkpoint}


def _test():
    """tf.test (both APIs), made when a program first uses it: it imports unittest."""
    from . import test as t
    import unittest.mock
    return {"TestCase": t.TestCase, "main": t.main, "is_gpu_available": t.is_gpu_available,
            "is_built_with_cuda": t.is_built_with_cuda, "is_built_with_gpu_support": t.is_built_with_gpu_support,
            "is_built_with_rocm": t.is_built_with_rocm, "gpu_device_name": t.gpu_device_name,
            "get_temp_dir": t.get_temp_dir, "mock": unittest.mock}


def _losses_v1():
    """TF1 tf.losses, made when a program first uses it."""
    from . import losses as lo
    return {"mean_squared_error": lo.mean_squared_error, "softmax_cross_entropy": lo.softmax_cross_entropy,
            "sparse_softmax_cross_entropy": lo.sparse_softmax_cross_entropy, "Reduction": lo.Reduction,
            "huber_loss": lo.huber_loss, "log_loss": lo.log_loss, "absolute_difference": lo.absolute_difference,
            "sigmoid_cross_entropy": lo.sigmoid_cross_entropy, "hinge_loss": lo.hinge_loss,
            "compute_weighted_loss": lo.compute_weighted_loss, "get_losses": lo.get_losses,
            "add_loss": lo.add_loss, "get_regularization_losses": lo.get_regularization_losses,
            "get_total_loss": lo.get_total_loss}


def _layers_v1():
    """TF1 tf.layers, made when a program first uses it."""
    from . import layers
    from .keras.layers import base as kl_base
    # tf.layers.Layer: TF 1.15's is a subclass of the Keras Layer; shown as the Keras Layer
    return {"Layer": kl_base.Layer, "dense": layers.dense, "conv2d": layers.conv2d, "max_pooling2d": layers.max_pooling2d,
            "average_pooling2d": layers.average_pooling2d, "flatten": layers.flatten, "dropout": layers.dropout,
            "batch_normalization": layers.batch_normalization, **layers.LAYER_CLASSES_V1}


def _metrics_v1():
    """TF1 tf.metrics, made when a program first uses it."""
    from . import metrics
    return {"accuracy": metrics.accuracy, "mean": metrics.mean}


def _initializers_v1():
    """TF1 initializers: the top-level *_initializer names."""
    return {"zeros_initializer": init_ops.zeros_initializer, "ones_initializer": init_ops.ones_initializer,
            "constant_initializer": init_ops.constant_initializer,
            "random_normal_initializer": init_ops.random_normal_initializer,
            "truncated_normal_initializer": init_ops.truncated_normal_initializer,
            "random_uniform_initializer": init_ops.random_uniform_initializer,
            "glorot_uniform_initializer": init_ops.glorot_uniform_initializer,
            "glorot_normal_initializer": init_ops.glorot_normal_initializer,
            "variance_scaling_initializer": init_ops.variance_scaling_initializer}


def _keras():
    """The names of tf.keras (one tree, shared by both APIs, as Keras 3 is), made when a
    program first uses it (LazyApiModule)."""
    from .keras import (activations as keras_activations, backend as keras_backend, callbacks as keras_callbacks,
                        losses as keras_losses, metrics as keras_metrics, models as keras_models,
                        optimizers as keras_optimizers, regularizers as keras_regularizers, utils as keras_utils)
    from .keras.layers import base as kl_base, basic as kl_basic, convolutional as kl_conv, merging as kl_merging
    from .keras.layers import normalization as kl_norm, rnn as kl_rnn
    kb, kc, kn, km, kr, kg = kl_base, kl_basic, kl_conv, kl_merging, kl_rnn, kl_norm
    kl, km_ = keras_losses, keras_metrics
    layers_ = _mod("tensorflow.keras.layers", {
        "Layer": kb.Layer, "Dense": kc.Dense, "Flatten": kc.Flatten, "ReLU": kc.ReLU, "Activation": kc.Activation,
        "Dropout": kc.Dropout, "Input": kb.Input, "InputLayer": kb.InputLayer, "Conv2D": kn.Conv2D,
        "MaxPooling2D": kn.MaxPooling2D, "AveragePooling2D": kn.AveragePooling2D, "MaxPool2D": kn.MaxPooling2D,
        "AvgPool2D": kn.AveragePooling2D, "BatchNormalization": kg.BatchNormalization, "Embedding": kc.Embedding,
        "Reshape": kc.Reshape, "Lambda": kc.Lambda, "Add": km.Add, "Subtract": km.Subtract, "Multiply": km.Multiply,
        "Concatenate": km.Concatenate, "GlobalAveragePooling2D": kn.GlobalAveragePooling2D,
        "GlobalMaxPooling2D": kn.GlobalMaxPooling2D, "GlobalAvgPool2D": kn.GlobalAveragePooling2D,
        "GlobalMaxPool2D": kn.GlobalMaxPooling2D, "LeakyReLU": kc.LeakyReLU, "Softmax": kc.Softmax,
        "LayerNormalization": kg.LayerNormalization, "SimpleRNN": kr.SimpleRNN, "LSTM": kr.LSTM,
        "SimpleRNNCell": kr.SimpleRNNCell, "LSTMCell": kr.LSTMCell, "GRU": kr.GRU, "GRUCell": kr.GRUCell,
        "RNN": kr.RNN, "StackedRNNCells": kr.StackedRNNCells})
    fns = {"mse": kl.mean_squared_error, "MSE": kl.mean_squared_error, "mae": kl.mean_absolute_error,
           "MAE": kl.mean_absolute_error, "sparse_categorical_crossentropy": kl.sparse_categorical_crossentropy,
           "categorical_crossentropy": kl.categorical_crossentropy, "binary_crossentropy": kl.binary_crossentropy}
    losses_ = _mod("tensorflow.keras.losses", dict(
        fns, Loss=kl.Loss, MeanSquaredError=kl.MeanSquaredError, MeanAbsoluteError=kl.MeanAbsoluteError,
        SparseCategoricalCrossentropy=kl.SparseCategoricalCrossentropy,
        CategoricalCrossentropy=kl.CategoricalCrossentropy, BinaryCrossentropy=kl.BinaryCrossentropy,
        get=kl.get_loss), removed={"mean_squared_error", "mean_absolute_error"})
    metrics_ = _mod("tensorflow.keras.metrics", dict(
        fns, Mean=km_.Mean, Metric=km_.Metric, MeanMetricWrapper=km_.MeanMetricWrapper,
        SparseCategoricalAccuracy=km_.SparseCategoricalAccuracy, CategoricalAccuracy=km_.CategoricalAccuracy,
        BinaryAccuracy=km_.BinaryAccuracy, Accuracy=km_.Accuracy, accuracy=km_.accuracy, MeanSquaredError=km_.MeanSquaredErrorMetric,
        MeanAbsoluteError=km_.MeanAbsoluteErrorMetric, sparse_categorical_accuracy=km_.sparse_categorical_accuracy,
        categorical_accuracy=km_.categorical_accuracy, binary_accuracy=km_.binary_accuracy),
        removed={"mean_squared_error", "mean_absolute_error"})
    ki = keras_initializers
    initializers_ = _mod("tensorflow.keras.initializers", {
        "Initializer": ki.Initializer, "Constant": ki.Constant, "Zeros": ki.Zeros, "Ones": ki.Ones,
        "Identity": ki.Identity, "GlorotUniform": ki.GlorotUniform, "GlorotNormal": ki.GlorotNormal,
        "HeNormal": ki.HeNormal, "HeUniform": ki.HeUniform, "LecunNormal": ki.LecunNormal,
        "LecunUniform": ki.LecunUniform, "RandomNormal": ki.RandomNormal, "RandomUniform": ki.RandomUniform,
        "TruncatedNormal": ki.TruncatedNormal, "VarianceScaling": ki.VarianceScaling, "Orthogonal": ki.Orthogonal,
        "OrthogonalInitializer": ki.Orthogonal, "orthogonal": ki.Orthogonal, "get": ki.get_initializer,
        "constant": ki.Constant, "zeros": ki.Zeros, "ones": ki.Ones, "glorot_uniform": ki.GlorotUniform})
    ko = keras_optimizers
    optimizers_ = _mod("tensorflow.keras.optimizers", {
        "SGD": ko.SGD, "Adam": ko.Adam, "RMSprop": ko.RMSprop, "Adagrad": ko.Adagrad,
        "schedules": _mod("tensorflow.keras.optimizers.schedules", {
            "ExponentialDecay": ko.ExponentialDecay, "LearningRateSchedule": ko.LearningRateSchedule})})
    kr_ = keras_regularizers
    kcb = keras_callbacks
    return {
        "optimizers": optimizers_, "layers": layers_, "losses": losses_, "metrics": metrics_,
        "initializers": initializers_,
        "activations": _mod("tensorflow.keras.activations", dict(keras_activations.ACTIVATIONS,
                                                                 get=keras_activations.get_activation)),
        "Sequential": keras_models.Sequential, "Model": keras_models.Model, "Input": kb.Input,
        "regularizers": _mod("tensorflow.keras.regularizers", {
            "Regularizer": kr_.Regularizer, "L1": kr_.L1, "L2": kr_.L2, "L1L2": kr_.L1L2, "l1": kr_.L1,
            "l2": kr_.L2, "l1_l2": kr_.L1L2, "get": kr_.get_regularizer}),
        "utils": _mod("tensorflow.keras.utils", {"to_categorical": keras_utils.to_categorical}),
        "callbacks": _mod("tensorflow.keras.callbacks", {
            "Callback": kcb.Callback, "LambdaCallback": kcb.LambdaCallback, "EarlyStopping": kcb.EarlyStopping,
            "LearningRateScheduler": kcb.LearningRateScheduler, "History": kcb.History}),
        "backend": _mod("tensorflow.keras.backend", {
            "clear_session": keras_backend.clear_session, "floatx": keras_backend.floatx,
            "epsilon": keras_backend.epsilon}),
        "models": _mod("tensorflow.keras.models", {"Sequential": keras_models.Sequential,
                                                   "Model": keras_models.Model})}


def _summary_v2():
    """tf.summary (TF2): file writers, scalar / histogram / text / write, flush, record_if
    and tf.summary.experimental's step (summary_v2.py)."""
    from . import summary_v2
    return dict(summary_v2.SUMMARY_V2,
                experimental=_mod("tensorflow.summary.experimental", summary_v2.EXPERIMENTAL))


def _make_ndarray(tensor, *a, **k):
    """tf.make_ndarray: the numpy array of a TensorProto (events.py, imported on first use)."""
    from . import events
    return events.make_ndarray(tensor)


def _summary_v1():
    """tf.compat.v1.summary, made when a program first uses it (event files need more modules)."""
    from . import summary
    return summary.SUMMARY_V1


def _queue_module():
    """tf.queue (the same in TF1 and TF2)."""
    return {"QueueBase": queues.QueueBase, "FIFOQueue": queues.FIFOQueue, "PaddingFIFOQueue": queues.PaddingFIFOQueue,
            "RandomShuffleQueue": queues.RandomShuffleQueue,
            "PriorityQueue": _python_util.not_yet_class("tf.queue.PriorityQueue")}


def _build():
    error_names = {c.__name__: c for c in core._BY_CODE.values()}
    error_names["OpError"] = core.OpError
    errors = _mod("tensorflow.errors", dict(error_names, OperatorNotAllowedInGraphError=core.OperatorNotAllowedInGraphError))
    # tf.errors (v2) exports OperatorNotAllowedInGraphError; tf.compat.v1.errors does not
    errors_v1 = _mod("tensorflow.compat.v1.errors", error_names, removed=("OperatorNotAllowedInGraphError",))
    dtypes = {"float32": core.float32, "float64": core.float64, "int32": core.int32, "int64": core.int64,
              "bool": core.bool_, "string": core.string, "resource": core.resource, "double": core.float64,
              "float16": core.float16, "half": core.float16, "uint8": core.uint8, "int8": core.int8,
              "int16": core.int16, "DType": core.DType, "as_dtype": core.as_dtype}
    math_common, math_special, math_extra, math_v1, math_v2 = _math()
    nn_v1, nn_v2 = _nn()
    linalg, linalg_top_v1 = _linalg()
    image_v1, image_v2, image_removed = _image()
    random_v1, random_v2 = _random()
    strings = {"to_number": string_ops.string_to_number, "join": string_ops.string_join,
               "as_string": string_ops.as_string}
    keras = LazyApiModule("tensorflow.keras", _keras)

    # ---- the top level: names both APIs share
    top_common = dict(math_common)
    top_common.update(dtypes)
    a = array_ops
    top_common.update({
        "constant": a.constant, "Variable": variables.Variable,
        "VariableSynchronization": variables.VariableSynchronization,
        "VariableAggregation": variables.VariableAggregation, "custom_gradient": _python_util.custom_gradient,
        **{name: _python_util.not_yet_class("tf." + name) for name in ("IdentityReader", "PriorityQueue")},
        "TFRecordReader": queues.TFRecordReader, "RandomShuffleQueue": queues.RandomShuffleQueue,
        "ReaderBase": queues.ReaderBase, "TextLineReader": queues.TextLineReader,
        "WholeFileReader": queues.WholeFileReader, "FixedLengthRecordReader": queues.FixedLengthRecordReader,
        "decode_raw": queues.decode_raw, "decode_csv": queues.decode_csv,
        "QueueBase": queues.QueueBase, "FIFOQueue": queues.FIFOQueue, "PaddingFIFOQueue": queues.PaddingFIFOQueue,
        "Tensor": core.Tensor, "Operation": core.Operation,
        "Graph": core.Graph, "TensorShape": core.TensorShape, "matmul": math_ops.matmul, "cast": a.cast,
        "SparseTensor": sparse_ops.SparseTensor, "edit_distance": sparse_ops.edit_distance,
        "reshape": a.reshape, "strided_slice": a.strided_slice, "transpose": a.transpose, "concat": a.concat, "stack": a.stack, "unstack": a.unstack,
        "expand_dims": a.expand_dims, "squeeze": a.squeeze, "shape": a.shape, "size": a.size, "rank": a.rank,
        "fill": a.fill, "zeros": a.zeros, "ones": a.ones, "zeros_like": a.zeros_like, "ones_like": a.ones_like,
        "range": math_ops.range, "one_hot": a.one_hot, "gather": a.gather, "tile": a.tile,
        "broadcast_to": a.broadcast_to, "identity": a.identity, "stop_gradient": a.stop_gradient,
        "convert_to_tensor": core.convert_to_tensor, "group": control_flow_ops.group, "no_op": control_flow_ops.no_op,
        "tuple": control_flow_ops.tuple_, "control_dependencies": control_flow_ops.control_dependencies,
        "cond": control_flow.cond, "while_loop": control_flow.while_loop, "case": control_flow.case,
        "scan": functional_ops.scan, "foldl": functional_ops.foldl, "foldr": functional_ops.foldr,
        "map_fn": functional_ops.map_fn, "TensorArray": tensor_array.TensorArray, "print": logging_ops.print_,
        "py_function": script_ops.py_function, "numpy_function": script_ops.numpy_function,
        "function": function.function, "init_scope": core.init_scope, "GradientTape": gradients.GradientTape,
        "IndexedSlices": gradients.IndexedSlices, "gradients": gradients.gradients, "hessians": gradients.hessians,
        "Module": module.Module, "TensorSpec": core.TensorSpec, "executing_eagerly": core.executing_eagerly,
        "nest": _mod("tensorflow.nest", {"flatten": nest.flatten, "pack_sequence_as": nest.pack_sequence_as,
                                         "map_structure": nest.map_structure, "is_nested": nest.is_nested}),
        "errors": errors, "newaxis": None,
        "get_static_value": lambda t, partial=False: core.constant_value(t) if isinstance(t, core.Tensor) else None,
        "is_tensor": lambda x: isinstance(x, (core.Tensor, variables.Variable)),
        "device": lambda name: contextlib.nullcontext(),
        "clip_by_value": clip_ops.clip_by_value, "clip_by_norm": clip_ops.clip_by_norm,
        "clip_by_global_norm": clip_ops.clip_by_global_norm, "global_norm": clip_ops.global_norm,
        "sequence_mask": math_ops.sequence_mask, "split": a.split, "pad": a.pad, "boolean_mask": a.boolean_mask,
        "norm": linalg_ops.norm, "gather_nd": a.gather_nd, "scatter_nd": a.scatter_nd, "einsum": linalg_ops.einsum,
        "reverse": a.reverse, "roll": a.roll, "linspace": math_ops.linspace, "meshgrid": math_ops.meshgrid,
        "unique": a.unique, "searchsorted": a.searchsorted, "tensor_scatter_nd_update": a.tensor_scatter_nd_update,
        "tensor_scatter_nd_add": a.tensor_scatter_nd_add, "histogram_fixed_width": math_ops.histogram_fixed_width,
        "tensordot": linalg_ops.tensordot, "atan2": math_ops.atan2, "truncatediv": math_ops.truncatediv,
        "get_logger": platform.get_logger,
        "config": _mod("tensorflow.config", dict(platform.PLACEMENT, **platform.DEVICES,
                                                 threading=_mod("tensorflow.config.threading", platform.THREADING),
                                                 experimental=_mod("tensorflow.config.experimental",
                                                                   platform.MEMORY_GROWTH))),
        "eye": linalg_ops.eye, "slice": a.slice_, "scalar_mul": math_ops.scalar_mul, "sort": sort_ops.sort, "argsort": sort_ops.argsort,
    })

    # ---- v1
    v1 = _mod("tensorflow", {})
    for k, v in top_common.items():
        setattr(v1, k, v)
    v1_extra = {
        "while_loop": lambda cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
        swap_memory=False, name=None, maximum_iterations=None, return_same_structure=False: control_flow.while_loop(
            cond, body, loop_vars, shape_invariants, parallel_iterations, back_prop, swap_memory, maximum_iterations,
            name, return_same_structure),
        "Session": session.Session, "InteractiveSession": session.InteractiveSession, "placeholder": a.placeholder,
        "Print": logging_ops.Print,
        "placeholder_with_default": a.placeholder_with_default, "get_variable": variables.get_variable,
        "variable_scope": variables.variable_scope, "get_variable_scope": variables.get_variable_scope,
        "VariableScope": variables.VariableScope, "AUTO_REUSE": variables.AUTO_REUSE,
        "name_scope": _name_scope_v1, "global_variables_initializer": variables.global_variables_initializer,
        "initialize_all_variables": variables.global_variables_initializer,
        "variables_initializer": variables.variables_initializer,
        "local_variables_initializer": variables.local_variables_initializer,
        "report_uninitialized_variables": _supervisor.report_uninitialized_variables,
        "global_variables": variables.global_variables, "trainable_variables": variables.trainable_variables,
        "local_variables": lambda scope=None: core.get_default_graph().get_collection("local_variables", scope),
        "model_variables": lambda scope=None: core.get_default_graph().get_collection("model_variables", scope),
        "get_default_graph": core.get_default_graph, "reset_default_graph": core.reset_default_graph,
        "get_collection": _get_collection, "add_to_collection": _add_to_collection,
        "add_to_collections": _add_to_collections,
        "get_collection_ref": lambda k: core.get_default_graph().get_collection_ref(k),
        "GraphKeys": GraphKeys, "set_random_seed": random_seed.set_seed, "random_normal": random_ops.random_normal,
        "random_uniform": random_ops.random_uniform, "truncated_normal": random_ops.truncated_normal,
        "to_float": math_ops.to_float, "Dimension": core.Dimension, "assign": _assign,

        "dimension_value": core.dimension_value, "dimension_at_index": core.dimension_at_index,
        "count_up_to": lambda ref, limit, name=None: ref.count_up_to(limit),
        "SparseTensorValue": sparse_ops.SparseTensorValue,
        "sparse_tensor_to_dense": sparse_ops.sparse_to_dense_from_sparse,
        "assign_add": lambda ref, value, use_locking=None, name=None: ref.assign_add(value, name=name),
        "assign_sub": lambda ref, value, use_locking=None, name=None: ref.assign_sub(value, name=name),
        "is_variable_initialized": variables.is_variable_initialized, "where": a.where_v1, "div": math_ops.div,
        "div_no_nan": math_ops.div_no_nan, "floor_div": math_ops.floor_div,
        "log": math_ops.log, "enable_eager_execution": _enable_eager, "disable_eager_execution": _disable_eager,
        "enable_v2_behavior": _enable_v2, "disable_v2_behavior": _disable_v2,
        "disable_resource_variables": lambda: setattr(core.behavior, "resource_variables", False),
        "enable_resource_variables": lambda: setattr(core.behavior, "resource_variables", True),
        "get_default_session": core.get_default_session, "arg_max": math_ops.argmax, "arg_min": math_ops.argmin,
        "executing_eagerly_outside_functions": core.executing_eagerly_outside_functions,
        "py_func": script_ops.numpy_function, "random_shuffle": random_ops.random_shuffle,
        "disable_tensor_equality": lambda: setattr(core.behavior, "tensor_equality", False),
        "enable_tensor_equality": lambda: setattr(core.behavior, "tensor_equality", True),
        "disable_v2_tensorshape": lambda: setattr(core.behavior, "v1_shapes", True),
        "enable_v2_tensorshape": lambda: setattr(core.behavior, "v1_shapes", False),
        "multinomial": random_ops.multinomial, "string_to_number": string_ops.string_to_number,
        "to_int32": math_ops.to_int32, "to_int64": math_ops.to_int64, "to_double": math_ops.to_double,
        "random_crop": random_ops.random_crop, "substr": string_ops.substr_v1,
        "string_join": string_ops.string_join, "as_string": string_ops.as_string,
        "reverse_v2": a.reverse, "lin_space": math_ops.linspace, "setdiff1d": a.setdiff1d,
        "batch_gather": math_ops.batch_gather, "count_nonzero": math_ops.count_nonzero,
        "tensor_scatter_update": a.tensor_scatter_nd_update, "tensor_scatter_add": a.tensor_scatter_nd_add,
        "check_numerics": a.check_numerics, "ConfigProto": platform.ConfigProto, "GPUOptions": platform.GPUOptions,
    }
    v1_extra.update(math_special)
    v1_extra.update({k: v for k, v in math_extra.items() if k != "trace"})
    v1_extra.update(linalg_top_v1)
    v1_extra.update(_initializers_v1())
    for k, v in v1_extra.items():
        setattr(v1, k, v)
    v1.nn = _mod("tensorflow.nn", nn_v1)
    v1.math = _mod("tensorflow.math", math_v1)
    v1.linalg = _mod("tensorflow.linalg", linalg)
    v1.image = _mod("tensorflow.image", image_v1)
    v1.random = _mod("tensorflow.random", random_v1)
    v1.strings = _mod("tensorflow.strings", dict(strings, substr=string_ops.substr_v1))
    v1.train = _mod("tensorflow.train", _train_v1())
    v1.losses = LazyApiModule("tensorflow.losses", _losses_v1)
    v1.layers = LazyApiModule("tensorflow.layers", _layers_v1)
    v1.initializers = _mod("tensorflow.initializers", dict(
        {k.replace("_initializer", ""): v for k, v in _initializers_v1().items()},
        he_normal=init_ops.he_normal, he_uniform=init_ops.he_uniform, lecun_normal=init_ops.lecun_normal,
        lecun_uniform=init_ops.lecun_uniform))
    v1.data = _mod("tensorflow.data", {"Dataset": data.Dataset, "make_one_shot_iterator": data.make_one_shot_iterator,
                                       "make_initializable_iterator": data.make_initializable_iterator})
    v1.keras = keras
    v1.gfile = _mod("tensorflow.gfile", gfile.V1)
    v1.sparse = _mod("tensorflow.sparse", {"SparseTensor": sparse_ops.SparseTensor,
                                           "to_dense": sparse_ops.sparse_to_dense_from_sparse})
    v1.io = _mod("tensorflow.io", {"gfile": _mod("tensorflow.io.gfile", gfile.V2), "decode_raw": queues.decode_raw,
                                   "decode_csv": queues.decode_csv, "TFRecordWriter": tf_record.TFRecordWriter,
                                   "tf_record_iterator": tf_record.tf_record_iterator,
                                   "TFRecordOptions": tf_record.TFRecordOptions,
                                   "TFRecordCompressionType": tf_record.TFRecordCompressionType,
                                   "encode_jpeg": image_v1["encode_jpeg"]})
    v1.python_io = _mod("tensorflow.python_io", {"TFRecordWriter": tf_record.TFRecordWriter,
                                                 "tf_record_iterator": tf_record.tf_record_iterator,
                                                 "TFRecordOptions": tf_record.TFRecordOptions,
                                                 "TFRecordCompressionType": tf_record.TFRecordCompressionType})
    v1.queue = _mod("tensorflow.queue", _queue_module())
    v1.errors = errors_v1
    v1.logging = _mod("tensorflow.logging", platform.LOGGING)
    v1.flags = _mod("tensorflow.flags", platform.FLAGS_MODULE)
    v1.app = _mod("tensorflow.app", {"flags": v1.flags, "run": platform.app_run})
    v1.metrics = LazyApiModule("tensorflow.metrics", _metrics_v1)
    v1.test = LazyApiModule("tensorflow.test", _test)
    v1.summary = LazyApiModule("tensorflow.summary", _summary_v1)
    v1.make_ndarray = _make_ndarray
    v1.dtypes = _mod("tensorflow.dtypes", dtypes)
    v1.debugging = _mod("tensorflow.debugging", dict(check_ops.names(), check_numerics=a.check_numerics))
    for k, v in check_ops.names().items():
        setattr(v1, k, v)

    # ---- v2
    v2 = _mod("tensorflow", {}, removed=_Tf2Removed(""))
    for k, v in top_common.items():
        setattr(v2, k, v)
    v2.name_scope = _name_scope_v2
    v2.where = a.where
    v2.as_string = string_ops.as_string
    # TF2's own initializer classes (same call signature as Keras 3's)
    v2.constant_initializer = keras_initializers.Constant
    v2.zeros_initializer = keras_initializers.Zeros
    v2.ones_initializer = keras_initializers.Ones
    v2.nn = _mod("tensorflow.nn", nn_v2, removed=_Tf2Removed("nn."))
    v2.math = _mod("tensorflow.math", math_v2)
    v2.linalg = _mod("tensorflow.linalg", linalg)
    v2.image = _mod("tensorflow.image", image_v2, removed=image_removed)
    v2.random = _mod("tensorflow.random", random_v2)
    v2.strings = _mod("tensorflow.strings", dict(strings, substr=string_ops.substr))
    v2.train = _mod("tensorflow.train", _checkpoints(), removed=_Tf2Removed("train."))
    v2.data = _mod("tensorflow.data", {"Dataset": data.Dataset, "IteratorSpec": data.IteratorSpec})
    v2.keras = keras
    v2.sparse = _mod("tensorflow.sparse", {"SparseTensor": sparse_ops.SparseTensor,
                                           "to_dense": sparse_ops.sparse_to_dense_from_sparse})
    v2.io = _mod("tensorflow.io", {"gfile": _mod("tensorflow.io.gfile", gfile.V2), "decode_raw": queues.decode_raw,
                                   "decode_csv": queues.decode_csv, "TFRecordWriter": tf_record.TFRecordWriter,
                                   "TFRecordOptions": tf_record.TFRecordOptions,
                                   "encode_jpeg": image_v2["encode_jpeg"]})
    v2.queue = _mod("tensorflow.queue", _queue_module())
    v2.test = LazyApiModule("tensorflow.test", _test)
    v2.summary = LazyApiModule("tensorflow.summary", _summary_v2)
    v2.make_ndarray = _make_ndarray
    v2.dtypes = _mod("tensorflow.dtypes", dtypes)
    v2.debugging = _mod("tensorflow.debugging", dict(check_ops.names(), check_numerics=a.check_numerics,
                                                     **platform.LOG_PLACEMENT))
    v2.Assert = check_ops.Assert
    v2.initializers = _mod("tensorflow.initializers", {})

    pc = _python_util.compat
    v1.compat = _mod("tensorflow.compat", {"v1": v1, "v2": v2, "as_bytes": pc.as_bytes, "as_text": pc.as_text,
                                           "as_str": pc.as_str, "as_str_any": pc.as_str_any,
                                           "path_to_str": pc.path_to_str, "integral_types": pc.integral_types,
                                           "real_types": pc.real_types, "complex_types": pc.complex_types,
                                           "bytes_or_text_types": pc.bytes_or_text_types})
    v2.compat = v1.compat
    return v1, v2

"""Assembles the public namespaces: the TF 1.15 API (`v1`) and the TF 2 API (`v2`), each a
tree of modules. A name the bundled runtime lacks raises UnsupportedSymbolError (an
AttributeError naming the symbol); TF1-only names looked up on the TF2 API raise the
plain AttributeError real TensorFlow 2 raises."""
import types

from . import (array_ops, clip_ops, control_flow, control_flow_ops, core, data, function, functional_ops,
               gradients, image_ops, init_ops, layers, linalg_ops, logging_ops, losses, math_ops,
               metrics, module, nest, nn_ops, platform, random_ops, random_seed, rnn, script_ops,
               session, string_ops, summary, tensor_array, train, variables)
from . import autograph  # noqa: F401 (tf.function converts with it)
from . import keras as K
from .core import UnsupportedSymbolError


class ApiModule(types.ModuleType):
    def __init__(self, path, removed=()):
        super().__init__(path)
        self._tfm_path = path
        self._tfm_removed = set(removed)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in self._tfm_removed:
            raise AttributeError("module '%s' has no attribute '%s'" % (self._tfm_path, name))
        raise UnsupportedSymbolError("%s.%s" % (self._tfm_path.replace("tensorflow", "tf", 1), name))

    def __repr__(self):
        return "<module '%s' (tfmigrate bundled runtime)>" % self._tfm_path


def _mod(path, names, removed=()):
    m = ApiModule(path, removed)
    for k, v in names.items():
        setattr(m, k, v)
    return m


# TF1 symbols that TF2 removed from the top level (a plain AttributeError there).
V1_ONLY = {"Session", "InteractiveSession", "placeholder", "placeholder_with_default", "get_variable",
           "variable_scope", "get_variable_scope", "global_variables_initializer", "variables_initializer",
           "local_variables_initializer", "global_variables", "trainable_variables", "local_variables",
           "get_default_graph", "reset_default_graph", "get_collection", "add_to_collection", "GraphKeys",
           "set_random_seed", "random_normal", "random_uniform", "truncated_normal", "to_float", "AUTO_REUSE",
           "Dimension", "layers", "losses_v1", "train_v1", "log", "div", "assign", "assign_add", "assign_sub",
           "is_variable_initialized", "report_uninitialized_variables", "gfile", "app", "flags", "logging",
           "contrib", "Print", "ConfigProto", "GPUOptions", "RunOptions", "enable_eager_execution",
           "disable_eager_execution", "AttrValue", "NodeDef", "GraphDef", "MetaGraphDef", "reduce_join",
           "arg_max", "arg_min", "sparse_placeholder", "make_template", "get_local_variable", "space_to_batch",
           "where_v2", "Variable_v1", "VariableScope", "colocate_with", "initialize_all_variables", "py_func",
           "get_collection_ref", "count_nonzero", "create_partitioned_variables", "decode_raw", "scatter_update",
           "saved_model_v1", "summary_v1", "tables_initializer", "container", "device_v1", "global_norm_v1",
           "lgamma", "digamma", "erf", "erfc", "polygamma", "multinomial", "string_to_number", "to_int32", "to_int64",
           "to_double", "random_crop", "cumprod", "substr", "string_join"}


def _assign(ref, value, validate_shape=None, use_locking=None, name=None):
    return ref.assign(value, name=name)


def _enable_eager(*a, **k):
    core.behavior.eager = True


def _disable_eager():
    core.behavior.eager = False


def _disable_v2():
    core.behavior.eager = False
    core.behavior.tensor_equality = False
    core.behavior.resource_variables = False
    core.behavior.v1_shapes = True


def _enable_v2():
    core.behavior.eager = True
    core.behavior.tensor_equality = True
    core.behavior.resource_variables = True
    core.behavior.v1_shapes = False


class GraphKeys:
    GLOBAL_VARIABLES = "variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    LOCAL_VARIABLES = "local_variables"
    MODEL_VARIABLES = "model_variables"
    GLOBAL_STEP = "global_step"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    REGULARIZATION_LOSSES = "regularization_losses"
    SUMMARIES = "summaries"
    QUEUE_RUNNERS = "queue_runners"
    TRAIN_OP = "train_op"
    INIT_OP = "init_op"
    VARIABLES = "variables"


def _get_collection(key, scope=None):
    return core.get_default_graph().get_collection(key, scope)


def _add_to_collection(name, value):
    core.get_default_graph().add_to_collection(name, value)


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
    math_common = {
        "add": math_ops.add, "subtract": math_ops.subtract, "multiply": math_ops.multiply, "divide": math_ops.divide, "truediv": math_ops.truediv,
        "floordiv": math_ops.floordiv, "floormod": math_ops.floormod, "mod": math_ops.floormod, "pow": math_ops.pow, "maximum": math_ops.maximum,
        "minimum": math_ops.minimum, "squared_difference": math_ops.squared_difference, "negative": math_ops.negative, "abs": math_ops.abs,
        "sign": math_ops.sign, "square": math_ops.square, "sqrt": math_ops.sqrt, "rsqrt": math_ops.rsqrt, "exp": math_ops.exp, "log": math_ops.log,
        "log1p": math_ops.log1p, "sin": math_ops.sin, "cos": math_ops.cos, "tanh": math_ops.tanh, "sigmoid": math_ops.sigmoid, "floor": math_ops.floor,
        "ceil": math_ops.ceil, "round": math_ops.round, "reciprocal": math_ops.reciprocal, "softplus": math_ops.softplus,
        "equal": math_ops.equal, "not_equal": math_ops.not_equal, "less": math_ops.less, "less_equal": math_ops.less_equal,
        "greater": math_ops.greater, "greater_equal": math_ops.greater_equal, "logical_and": math_ops.logical_and,
        "logical_or": math_ops.logical_or, "logical_not": math_ops.logical_not, "logical_xor": math_ops.logical_xor,
        "reduce_sum": math_ops.reduce_sum, "reduce_mean": math_ops.reduce_mean, "reduce_max": math_ops.reduce_max,
        "reduce_min": math_ops.reduce_min, "reduce_prod": math_ops.reduce_prod, "reduce_all": math_ops.reduce_all,
        "reduce_any": math_ops.reduce_any, "argmax": math_ops.argmax, "argmin": math_ops.argmin, "add_n": math_ops.add_n,
        "reduce_logsumexp": math_ops.reduce_logsumexp, "realdiv": math_ops.realdiv, "softmax": nn_ops.softmax,
        "log_softmax": nn_ops.log_softmax, "l2_normalize": nn_ops.l2_normalize}
    math_common["cumsum"] = math_ops.cumsum
    math_common["top_k"] = nn_ops.top_k
    math_common = {k: v for k, v in math_common.items() if v is not None}
    top_common = dict(math_common)
    top_common.update(dtypes)
    top_common.update({
        "constant": array_ops.constant, "Variable": variables.Variable, "Tensor": core.Tensor, "Operation": core.Operation,
        "Graph": core.Graph, "TensorShape": core.TensorShape, "matmul": math_ops.matmul, "cast": array_ops.cast,
        "reshape": array_ops.reshape, "transpose": array_ops.transpose, "concat": array_ops.concat, "stack": array_ops.stack,
        "unstack": array_ops.unstack, "expand_dims": array_ops.expand_dims, "squeeze": array_ops.squeeze, "shape": array_ops.shape,
        "size": array_ops.size, "rank": array_ops.rank, "fill": array_ops.fill, "zeros": array_ops.zeros, "ones": array_ops.ones,
        "zeros_like": array_ops.zeros_like, "ones_like": array_ops.ones_like, "range": math_ops.range, "one_hot": array_ops.one_hot,
        "gather": array_ops.gather, "tile": array_ops.tile, "broadcast_to": array_ops.broadcast_to, "identity": array_ops.identity,
        "stop_gradient": array_ops.stop_gradient, "convert_to_tensor": core.convert_to_tensor, "group": control_flow_ops.group,
        "no_op": control_flow_ops.no_op, "tuple": control_flow_ops.tuple_, "control_dependencies": control_flow_ops.control_dependencies,
        "cond": control_flow.cond, "while_loop": control_flow.while_loop, "print": logging_ops.print_,
        "py_function": script_ops.py_function, "function": function.function, "init_scope": core.init_scope,
        "GradientTape": gradients.GradientTape, "IndexedSlices": gradients.IndexedSlices, "gradients": gradients.gradients, "Module": module.Module,
        "TensorSpec": core.TensorSpec, "executing_eagerly": core.executing_eagerly, "nest": _mod("tensorflow.nest", {
            "flatten": nest.flatten, "pack_sequence_as": nest.pack_sequence_as, "map_structure": nest.map_structure,
            "is_nested": nest.is_nested}),
        "errors": errors, "newaxis": None, "get_static_value": lambda t, partial=False: t._numpy() if isinstance(t, core.EagerTensor) else None,
        "is_tensor": lambda x: isinstance(x, (core.Tensor, variables.Variable)),
        "add_n": math_ops.add_n, "square": math_ops.square, "device": lambda name: __import__("contextlib").nullcontext(),
        "clip_by_value": clip_ops.clip_by_value, "clip_by_norm": clip_ops.clip_by_norm,
        "clip_by_global_norm": clip_ops.clip_by_global_norm, "global_norm": clip_ops.global_norm,
        "sequence_mask": math_ops.sequence_mask, "split": array_ops.split,
        "numpy_function": script_ops.numpy_function, "map_fn": functional_ops.map_fn,
        "pad": array_ops.pad, "cumsum": math_ops.cumsum, "boolean_mask": array_ops.boolean_mask,
        "norm": linalg_ops.norm, "gather_nd": array_ops.gather_nd, "scatter_nd": array_ops.scatter_nd,
        "einsum": linalg_ops.einsum,
    })
    nn_common = {"relu": nn_ops.relu, "sigmoid": math_ops.sigmoid, "tanh": math_ops.tanh, "softmax": nn_ops.softmax,
                 "log_softmax": nn_ops.log_softmax, "dropout": nn_ops.dropout, "l2_loss": nn_ops.l2_loss, "bias_add": nn_ops.bias_add,
                 "softmax_cross_entropy_with_logits_v2": nn_ops.softmax_cross_entropy_with_logits_v2,
                 "sparse_softmax_cross_entropy_with_logits": nn_ops.sparse_softmax_cross_entropy_with_logits,
                 "sigmoid_cross_entropy_with_logits": nn_ops.sigmoid_cross_entropy_with_logits,
                 "leaky_relu": nn_ops.leaky_relu, "elu": nn_ops.elu, "softplus": math_ops.softplus,
                 "l2_normalize": nn_ops.l2_normalize, "moments": nn_ops.moments,
                 "embedding_lookup": nn_ops.embedding_lookup, "top_k": nn_ops.top_k,
                 "batch_normalization": nn_ops.batch_normalization}
    data_mod = _mod("tensorflow.data", {"Dataset": data.Dataset})
    init_v1 = {"zeros_initializer": init_ops.zeros_initializer, "ones_initializer": init_ops.ones_initializer,
               "constant_initializer": init_ops.constant_initializer,
               "random_normal_initializer": init_ops.random_normal_initializer,
               "truncated_normal_initializer": init_ops.truncated_normal_initializer,
               "random_uniform_initializer": init_ops.random_uniform_initializer,
               "glorot_uniform_initializer": init_ops.glorot_uniform_initializer,
               "glorot_normal_initializer": init_ops.glorot_normal_initializer,
               "variance_scaling_initializer": init_ops.variance_scaling_initializer}
    keras_opt = _mod("tensorflow.keras.optimizers", {"SGD": train.SGD, "Adam": train.Adam, "RMSprop": train.RMSprop,
                                                     "Adagrad": train.Adagrad, "schedules": _mod(
        "tensorflow.keras.optimizers.schedules", {"ExponentialDecay": train.ExponentialDecay,
                                                  "LearningRateSchedule": train.LearningRateSchedule})})
    keras_layers = _mod("tensorflow.keras.layers", {
        "Layer": K.Layer, "Dense": K.Dense, "Flatten": K.Flatten, "ReLU": K.ReLU, "Activation": K.Activation,
        "Dropout": K.Dropout, "Input": K.Input, "InputLayer": K.InputLayer, "Conv2D": K.Conv2D,
        "MaxPooling2D": K.MaxPooling2D, "AveragePooling2D": K.AveragePooling2D, "MaxPool2D": K.MaxPooling2D,
        "AvgPool2D": K.AveragePooling2D, "BatchNormalization": K.BatchNormalization, "Embedding": K.Embedding,
        "Reshape": K.Reshape, "Lambda": K.Lambda, "Add": K.Add, "Subtract": K.Subtract, "Multiply": K.Multiply,
        "Concatenate": K.Concatenate, "GlobalAveragePooling2D": K.GlobalAveragePooling2D,
        "GlobalMaxPooling2D": K.GlobalMaxPooling2D, "GlobalAvgPool2D": K.GlobalAveragePooling2D,
        "GlobalMaxPool2D": K.GlobalMaxPooling2D, "LeakyReLU": K.LeakyReLU, "Softmax": K.Softmax, "LayerNormalization": K.LayerNormalization,
        "SimpleRNN": K.SimpleRNN, "LSTM": K.LSTM, "SimpleRNNCell": K.SimpleRNNCell, "LSTMCell": K.LSTMCell})
    keras_losses = _mod("tensorflow.keras.losses", {
        "Loss": K.Loss, "MeanSquaredError": K.MeanSquaredError, "MeanAbsoluteError": K.MeanAbsoluteError,
        "SparseCategoricalCrossentropy": K.SparseCategoricalCrossentropy,
        "CategoricalCrossentropy": K.CategoricalCrossentropy, "BinaryCrossentropy": K.BinaryCrossentropy,
        "mse": K.mean_squared_error, "MSE": K.mean_squared_error, "mae": K.mean_absolute_error,
        "MAE": K.mean_absolute_error, "sparse_categorical_crossentropy": K.sparse_categorical_crossentropy,
        "categorical_crossentropy": K.categorical_crossentropy, "binary_crossentropy": K.binary_crossentropy,
        "get": K.get_loss}, removed={"mean_squared_error", "mean_absolute_error"})
    keras_metrics = _mod("tensorflow.keras.metrics", {
        "Mean": K.Mean, "Metric": K.Metric, "MeanMetricWrapper": K.MeanMetricWrapper,
        "SparseCategoricalAccuracy": K.SparseCategoricalAccuracy, "CategoricalAccuracy": K.CategoricalAccuracy,
        "BinaryAccuracy": K.BinaryAccuracy, "MeanSquaredError": K.MeanSquaredErrorMetric,
        "MeanAbsoluteError": K.MeanAbsoluteErrorMetric, "sparse_categorical_accuracy": K.sparse_categorical_accuracy,
        "categorical_accuracy": K.categorical_accuracy, "binary_accuracy": K.binary_accuracy,
        "mse": K.mean_squared_error, "MSE": K.mean_squared_error, "mae": K.mean_absolute_error,
        "MAE": K.mean_absolute_error, "sparse_categorical_crossentropy": K.sparse_categorical_crossentropy,
        "categorical_crossentropy": K.categorical_crossentropy, "binary_crossentropy": K.binary_crossentropy},
        removed={"mean_squared_error", "mean_absolute_error"})
    keras_init = _mod("tensorflow.keras.initializers", {
        "Initializer": K.Initializer, "Constant": K.Constant, "Zeros": K.Zeros, "Ones": K.Ones,
        "Identity": K.Identity, "GlorotUniform": K.GlorotUniform, "GlorotNormal": K.GlorotNormal,
        "HeNormal": K.HeNormal, "HeUniform": K.HeUniform, "LecunNormal": K.LecunNormal,
        "LecunUniform": K.LecunUniform, "RandomNormal": K.RandomNormal, "RandomUniform": K.RandomUniform,
        "TruncatedNormal": K.TruncatedNormal, "VarianceScaling": K.VarianceScaling, "get": K.get_initializer,
        "constant": K.Constant, "zeros": K.Zeros, "ones": K.Ones, "glorot_uniform": K.GlorotUniform})
    keras_act = _mod("tensorflow.keras.activations", dict(K.ACTIVATIONS, get=K.get_activation))
    keras = _mod("tensorflow.keras", {"optimizers": keras_opt, "layers": keras_layers, "losses": keras_losses,
                                      "metrics": keras_metrics, "initializers": keras_init, "activations": keras_act,
                                      "Sequential": K.Sequential, "Model": K.Model, "Input": K.Input,
                                      "regularizers": _mod("tensorflow.keras.regularizers", {
                                          "Regularizer": K.Regularizer, "L1": K.L1, "L2": K.L2, "L1L2": K.L1L2,
                                          "l1": K.L1, "l2": K.L2, "l1_l2": K.L1L2, "get": K.get_regularizer}),
                                      "utils": _mod("tensorflow.keras.utils", {"to_categorical": K.to_categorical}),
                                      "callbacks": _mod("tensorflow.keras.callbacks", {
                                          "Callback": K.Callback, "LambdaCallback": K.LambdaCallback,
                                          "EarlyStopping": K.EarlyStopping,
                                          "LearningRateScheduler": K.LearningRateScheduler,
                                          "History": K.History}),
                                      "backend": _mod("tensorflow.keras.backend", {
                                          "clear_session": K.clear_session, "floatx": K.floatx,
                                          "epsilon": K.epsilon}),
                                      "models": _mod("tensorflow.keras.models", {"Sequential": K.Sequential,
                                                                                 "Model": K.Model})})

    # ---- v1
    v1 = _mod("tensorflow", {})
    for k, v in top_common.items():
        setattr(v1, k, v)
    v1_extra = {
        "while_loop": lambda cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
        swap_memory=False, name=None, maximum_iterations=None, return_same_structure=False: control_flow.while_loop(
            cond, body, loop_vars, shape_invariants, parallel_iterations, back_prop, swap_memory, maximum_iterations,
            name, return_same_structure),
        "Session": session.Session, "InteractiveSession": session.InteractiveSession, "placeholder": array_ops.placeholder,
        "placeholder_with_default": array_ops.placeholder_with_default, "get_variable": variables.get_variable,
        "variable_scope": variables.variable_scope, "get_variable_scope": variables.get_variable_scope,
        "VariableScope": variables.VariableScope, "AUTO_REUSE": variables.AUTO_REUSE,
        "name_scope": _name_scope_v1, "global_variables_initializer": variables.global_variables_initializer,
        "initialize_all_variables": variables.global_variables_initializer,
        "variables_initializer": variables.variables_initializer,
        "local_variables_initializer": variables.local_variables_initializer,
        "global_variables": variables.global_variables, "trainable_variables": variables.trainable_variables,
        "get_default_graph": core.get_default_graph, "reset_default_graph": core.reset_default_graph,
        "get_collection": _get_collection, "add_to_collection": _add_to_collection,
        "get_collection_ref": lambda k: core.get_default_graph().get_collection_ref(k),
        "GraphKeys": GraphKeys, "set_random_seed": random_seed.set_seed, "random_normal": random_ops.random_normal,
        "random_uniform": random_ops.random_uniform, "truncated_normal": random_ops.truncated_normal, "to_float": math_ops.to_float,
        "Dimension": core.Dimension, "assign": _assign,
        "assign_add": lambda ref, value, use_locking=None, name=None: ref.assign_add(value, name=name),
        "assign_sub": lambda ref, value, use_locking=None, name=None: ref.assign_sub(value, name=name),
        "is_variable_initialized": variables.is_variable_initialized, "where": array_ops.where_v1, "div": math_ops.div,
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
        "lgamma": math_ops.lgamma, "digamma": math_ops.digamma, "erf": math_ops.erf, "erfc": math_ops.erfc, "polygamma": math_ops.polygamma,
        "multinomial": random_ops.multinomial, "string_to_number": string_ops.string_to_number,
        "to_int32": math_ops.to_int32, "to_int64": math_ops.to_int64, "to_double": math_ops.to_double,
        "random_crop": random_ops.random_crop, "substr": string_ops.substr_v1,
        "string_join": string_ops.string_join, "as_string": string_ops.as_string,
    }
    for k, v in v1_extra.items():
        setattr(v1, k, v)
    v1.__dict__.update(init_v1)
    v1.nn = _mod("tensorflow.nn", dict(nn_common, softmax_cross_entropy_with_logits=nn_ops.softmax_cross_entropy_with_logits,
                                       conv2d=nn_ops.conv2d_v1, max_pool=nn_ops.max_pool_v1,
                                       avg_pool=nn_ops.avg_pool_v1, max_pool2d=nn_ops.max_pool_v1,
                                       avg_pool2d=nn_ops.avg_pool_v1, dynamic_rnn=rnn.dynamic_rnn,
                                       static_rnn=rnn.static_rnn,
                                       rnn_cell=_mod("tensorflow.nn.rnn_cell", {
                                           "RNNCell": rnn.RNNCell, "BasicRNNCell": rnn.BasicRNNCell,
                                           "BasicLSTMCell": rnn.BasicLSTMCell, "LSTMCell": rnn.LSTMCell,
                                           "GRUCell": rnn.GRUCell, "MultiRNNCell": rnn.MultiRNNCell,
                                           "LSTMStateTuple": rnn.LSTMStateTuple})))
    # special functions: tf.math.* in both APIs, top-level in TF1 only (v1_extra)
    math_special = {"lgamma": math_ops.lgamma, "digamma": math_ops.digamma, "erf": math_ops.erf, "erfc": math_ops.erfc,
                    "polygamma": math_ops.polygamma}
    v1.math = _mod("tensorflow.math", dict(math_common, **math_special))
    v1.random = _mod("tensorflow.random", {"normal": random_ops.random_normal, "uniform": random_ops.random_uniform,
                                           "truncated_normal": random_ops.truncated_normal, "set_random_seed": random_seed.set_seed,
                                           "set_seed": random_seed.set_seed, "shuffle": random_ops.random_shuffle,
                                           "categorical": random_ops.categorical, "multinomial": random_ops.multinomial})
    v1.train = _mod("tensorflow.train", {
        "GradientDescentOptimizer": train.GradientDescentOptimizer, "MomentumOptimizer": train.MomentumOptimizer,
        "AdamOptimizer": train.AdamOptimizer, "Optimizer": train.Optimizer,
        "RMSPropOptimizer": train.RMSPropOptimizer, "AdagradOptimizer": train.AdagradOptimizer,
        "get_or_create_global_step": train.get_or_create_global_step, "get_global_step": train.get_global_step,
        "create_global_step": train.create_global_step, "exponential_decay": train.exponential_decay})
    v1.losses = _mod("tensorflow.losses", {"mean_squared_error": losses.mean_squared_error,
                                           "softmax_cross_entropy": losses.softmax_cross_entropy,
                                           "sparse_softmax_cross_entropy": losses.sparse_softmax_cross_entropy})
    v1.layers = _mod("tensorflow.layers", {"dense": layers.dense, "conv2d": layers.conv2d,
                                           "max_pooling2d": layers.max_pooling2d,
                                           "average_pooling2d": layers.average_pooling2d,
                                           "flatten": layers.flatten, "dropout": layers.dropout,
                                           "batch_normalization": layers.batch_normalization})
    v1.initializers = _mod("tensorflow.initializers", dict(
        {k.replace("_initializer", ""): v for k, v in init_v1.items()},
        he_normal=init_ops.he_normal, he_uniform=init_ops.he_uniform, lecun_normal=init_ops.lecun_normal,
        lecun_uniform=init_ops.lecun_uniform))
    v1.data = _mod("tensorflow.data", {"Dataset": data.Dataset, "make_one_shot_iterator": data.make_one_shot_iterator,
                                       "make_initializable_iterator": data.make_initializable_iterator})
    v1.keras = keras
    v1.errors = errors_v1
    v1.logging = _mod("tensorflow.logging", platform.LOGGING)
    v1.flags = _mod("tensorflow.flags", platform.FLAGS_MODULE)
    v1.app = _mod("tensorflow.app", {"flags": v1.flags, "run": platform.app_run})
    v1.ConfigProto = platform.ConfigProto
    v1.GPUOptions = platform.GPUOptions
    v1.train.Saver = train.Saver
    v1.metrics = _mod("tensorflow.metrics", {"accuracy": metrics.accuracy, "mean": metrics.mean})
    v1.summary = _mod("tensorflow.summary", summary.SUMMARY_V1)
    v1.local_variables = lambda scope=None: core.get_default_graph().get_collection("local_variables", scope)
    v1.dtypes = _mod("tensorflow.dtypes", dtypes)
    v1.linalg = _mod("tensorflow.linalg", {"matmul": math_ops.matmul, "norm": linalg_ops.norm, "einsum": linalg_ops.einsum})
    v1.debugging = _mod("tensorflow.debugging", {"check_numerics": array_ops.check_numerics})
    v1.check_numerics = array_ops.check_numerics
    strings_common = {"to_number": string_ops.string_to_number, "join": string_ops.string_join, "as_string": string_ops.as_string}
    v1.strings = _mod("tensorflow.strings", dict(strings_common, substr=string_ops.substr_v1))

    # ---- v2
    v2 = _mod("tensorflow", {}, removed=V1_ONLY)
    for k, v in top_common.items():
        setattr(v2, k, v)
    v2.name_scope = _name_scope_v2
    v2.where = array_ops.where
    v2.nn = _mod("tensorflow.nn", dict(nn_common, softmax_cross_entropy_with_logits=nn_ops.softmax_cross_entropy_with_logits_v2,
                                       conv2d=nn_ops.conv2d_v2, max_pool=nn_ops.max_pool_v2,
                                       avg_pool=nn_ops.avg_pool_v2, max_pool2d=nn_ops.max_pool_v2,
                                       avg_pool2d=nn_ops.avg_pool_v2),
                 removed={"softmax_cross_entropy_with_logits_v2"})
    v2.math = _mod("tensorflow.math", dict(math_common, **math_special))
    v2.random = _mod("tensorflow.random", {"normal": random_ops.random_normal, "uniform": random_ops.random_uniform,
                                           "truncated_normal": random_ops.truncated_normal, "set_seed": random_seed.set_seed,
                                           "shuffle": random_ops.random_shuffle, "Generator": random_ops.Generator,
                                           "categorical": random_ops.categorical,
                                           "get_global_generator": random_ops.get_global_generator,
                                           "set_global_generator": random_ops.set_global_generator})
    v2.train = _mod("tensorflow.train", {}, removed={"GradientDescentOptimizer", "MomentumOptimizer", "AdamOptimizer",
                                                      "RMSPropOptimizer", "AdagradOptimizer",
                                                      "Optimizer", "get_or_create_global_step", "get_global_step"})
    v2.data = data_mod
    v2.keras = keras
    v2.dtypes = _mod("tensorflow.dtypes", dtypes)
    v2.linalg = _mod("tensorflow.linalg", {"matmul": math_ops.matmul, "norm": linalg_ops.norm, "einsum": linalg_ops.einsum})
    v2.debugging = _mod("tensorflow.debugging", {"check_numerics": array_ops.check_numerics})
    v2.strings = _mod("tensorflow.strings", dict(strings_common, substr=string_ops.substr))
    v2.as_string = string_ops.as_string
    v2.initializers = _mod("tensorflow.initializers", {})
    # TF2's own initializer classes (same call signature as Keras 3's)
    v2.constant_initializer, v2.zeros_initializer, v2.ones_initializer = K.Constant, K.Zeros, K.Ones

    compat_v1 = v1
    v1.compat = _mod("tensorflow.compat", {"v1": v1, "v2": v2})
    v2.compat = v1.compat
    _install_array_extra(v1, v2)
    _install_linalg_image(v1, v2, _mod)  # tf.linalg, tf.image, conv variants of tf.nn
    return v1, v2


def _install_array_extra(v1, v2):
    """Adds this module's names to the v1 and v2 API namespaces (called once by api._build)."""
    v2.while_loop = control_flow.while_loop
    both = {
        "reverse": array_ops.reverse, "roll": array_ops.roll, "linspace": math_ops.linspace, "meshgrid": math_ops.meshgrid, "unique": array_ops.unique,
        "searchsorted": array_ops.searchsorted,
        "tensor_scatter_nd_update": array_ops.tensor_scatter_nd_update, "tensor_scatter_nd_add": array_ops.tensor_scatter_nd_add,
        "histogram_fixed_width": math_ops.histogram_fixed_width, "tensordot": linalg_ops.tensordot, "atan2": math_ops.atan2,
        "truncatediv": math_ops.truncatediv, "case": control_flow.case, "scan": functional_ops.scan, "foldl": functional_ops.foldl, "foldr": functional_ops.foldr,
        "TensorArray": tensor_array.TensorArray, "hessians": gradients.hessians,
    }
    math_both = {
        "segment_sum": math_ops.segment_sum, "segment_mean": math_ops.segment_mean, "segment_max": math_ops.segment_max,
        "segment_min": math_ops.segment_min, "segment_prod": math_ops.segment_prod, "unsorted_segment_sum": math_ops.unsorted_segment_sum,
        "unsorted_segment_max": math_ops.unsorted_segment_max, "unsorted_segment_min": math_ops.unsorted_segment_min,
        "unsorted_segment_prod": math_ops.unsorted_segment_prod, "cumprod": math_ops.cumprod, "bincount": math_ops.bincount, "atan2": math_ops.atan2,
        "rint": math_ops.rint, "expm1": math_ops.expm1, "confusion_matrix": math_ops.confusion_matrix,
        "invert_permutation": array_ops.invert_permutation,
    }
    v1_top = dict(both, **{k: v for k, v in math_both.items() if k != "confusion_matrix"})
    v1_top.update({"reverse_v2": array_ops.reverse, "truncatediv": math_ops.truncatediv, "lin_space": math_ops.linspace, "setdiff1d": array_ops.setdiff1d,
                   "batch_gather": math_ops.batch_gather, "count_nonzero": math_ops.count_nonzero, "confusion_matrix": math_ops.confusion_matrix,
                   "tensor_scatter_update": array_ops.tensor_scatter_nd_update, "tensor_scatter_add": array_ops.tensor_scatter_nd_add})
    for k, v in v1_top.items():
        setattr(v1, k, v)
    for k, v in both.items():
        setattr(v2, k, v)
    for mod, extra in ((v1.math, {"count_nonzero": math_ops.count_nonzero, "in_top_k": nn_ops.in_top_k}),
                       (v2.math, {"count_nonzero": math_ops.count_nonzero_v2, "in_top_k": nn_ops.in_top_k_v2})):
        for k, v in dict(math_both, **extra).items():
            setattr(mod, k, v)
    for mod in (v1.nn, v2.nn):
        mod.selu, mod.relu6 = nn_ops.selu, nn_ops.relu6
    v1.nn.in_top_k = nn_ops.in_top_k
    v2.nn.in_top_k = nn_ops.in_top_k_v2
    v1.nn.weighted_cross_entropy_with_logits = nn_ops.weighted_cross_entropy_with_logits
    v2.nn.weighted_cross_entropy_with_logits = nn_ops.weighted_cross_entropy_with_logits_v2
    v1.losses.Reduction = losses.Reduction
    for k, v in {"mean_squared_error": losses.mean_squared_error, "huber_loss": losses.huber_loss, "log_loss": losses.log_loss, "absolute_difference": losses.absolute_difference,
                 "sigmoid_cross_entropy": losses.sigmoid_cross_entropy, "hinge_loss": losses.hinge_loss,
                 "compute_weighted_loss": losses.compute_weighted_loss, "get_losses": losses.get_losses, "add_loss": losses.add_loss,
                 "get_regularization_losses": losses.get_regularization_losses, "get_total_loss": losses.get_total_loss}.items():
        setattr(v1.losses, k, v)
    for k, v in {"piecewise_constant": train.piecewise_constant, "piecewise_constant_decay": train.piecewise_constant,
                 "polynomial_decay": train.polynomial_decay, "natural_exp_decay": train.natural_exp_decay,
                 "inverse_time_decay": train.inverse_time_decay, "cosine_decay": train.cosine_decay}.items():
        setattr(v1.train, k, v)
    v2.linalg.tensordot = linalg_ops.tensordot
    v1.linalg.tensordot = linalg_ops.tensordot


def _install_linalg_image(v1, v2, mod):
    """Adds this module's public names to the v1 and v2 API trees (api.py's `_build`)."""
    linalg_common = {
        "inv": linalg_ops.matrix_inverse, "det": linalg_ops.matrix_determinant, "cholesky": linalg_ops.cholesky, "solve": linalg_ops.matrix_solve,
        "triangular_solve": linalg_ops.matrix_triangular_solve, "svd": linalg_ops.svd, "qr": linalg_ops.qr, "eigh": linalg_ops.self_adjoint_eig,
        "eigvalsh": linalg_ops.self_adjoint_eigvals, "band_part": linalg_ops.matrix_band_part, "diag": linalg_ops.matrix_diag,
        "diag_part": linalg_ops.matrix_diag_part, "set_diag": linalg_ops.matrix_set_diag, "trace": linalg_ops.trace, "eye": linalg_ops.eye,
        "matrix_transpose": linalg_ops.matrix_transpose, "adjoint": linalg_ops.adjoint, "slogdet": linalg_ops.slogdet, "logdet": linalg_ops.logdet,
        "tensor_diag": linalg_ops.tensor_diag, "tensor_diag_part": linalg_ops.tensor_diag_part, "cholesky_solve": linalg_ops.cholesky_solve,
    }
    for api in (v1, v2):
        for k, v in linalg_common.items():
            setattr(api.linalg, k, v)
        api.eye = linalg_ops.eye
    v1_top = {
        "matrix_inverse": linalg_ops.matrix_inverse, "matrix_determinant": linalg_ops.matrix_determinant, "cholesky": linalg_ops.cholesky,
        "matrix_solve": linalg_ops.matrix_solve, "matrix_triangular_solve": linalg_ops.matrix_triangular_solve, "svd": linalg_ops.svd, "qr": linalg_ops.qr,
        "self_adjoint_eig": linalg_ops.self_adjoint_eig, "self_adjoint_eigvals": linalg_ops.self_adjoint_eigvals,
        "matrix_band_part": linalg_ops.matrix_band_part, "matrix_diag": linalg_ops.matrix_diag, "matrix_diag_part": linalg_ops.matrix_diag_part,
        "matrix_set_diag": linalg_ops.matrix_set_diag, "diag": linalg_ops.tensor_diag, "diag_part": linalg_ops.tensor_diag_part, "trace": linalg_ops.trace,
        "matrix_transpose": linalg_ops.matrix_transpose, "space_to_depth": nn_ops.space_to_depth, "depth_to_space": nn_ops.depth_to_space,
        "extract_image_patches": image_ops.extract_image_patches, "cholesky_solve": linalg_ops.cholesky_solve,
    }
    for k, v in v1_top.items():
        setattr(v1, k, v)
    v2._tfm_removed.update(v1_top)
    v1.math.trace = linalg_ops.trace
    v2.math.trace = linalg_ops.trace
    nn_v1 = {"conv1d": nn_ops.conv1d_v1, "conv2d_transpose": nn_ops.conv2d_transpose_v1, "depthwise_conv2d": nn_ops.depthwise_conv2d_v1,
             "depthwise_conv2d_native": nn_ops.depthwise_conv2d_native, "separable_conv2d": nn_ops.separable_conv2d_v1,
             "atrous_conv2d": nn_ops.atrous_conv2d, "space_to_depth": nn_ops.space_to_depth, "depth_to_space": nn_ops.depth_to_space,
             "lrn": nn_ops.lrn, "local_response_normalization": nn_ops.lrn, "max_pool_with_argmax": nn_ops.max_pool_with_argmax_v1}
    nn_v2 = {"conv1d": nn_ops.conv1d_v2, "conv2d_transpose": nn_ops.conv2d_transpose_v2, "depthwise_conv2d": nn_ops.depthwise_conv2d_v2,
             "separable_conv2d": nn_ops.separable_conv2d_v2, "atrous_conv2d": nn_ops.atrous_conv2d,
             "space_to_depth": nn_ops.space_to_depth, "depth_to_space": nn_ops.depth_to_space, "lrn": nn_ops.lrn,
             "local_response_normalization": nn_ops.lrn, "max_pool_with_argmax": nn_ops.max_pool_with_argmax_v2}
    for k, v in nn_v1.items():
        setattr(v1.nn, k, v)
    for k, v in nn_v2.items():
        setattr(v2.nn, k, v)
    v2.nn._tfm_removed.add("depthwise_conv2d_native")
    image_common = {
        "flip_left_right": image_ops.flip_left_right, "flip_up_down": image_ops.flip_up_down, "rgb_to_grayscale": image_ops.rgb_to_grayscale,
        "per_image_standardization": image_ops.per_image_standardization, "resize_with_crop_or_pad": image_ops.resize_with_crop_or_pad,
        "central_crop": image_ops.central_crop, "adjust_brightness": image_ops.adjust_brightness, "extract_patches": image_ops.extract_patches,
        "crop_to_bounding_box": image_ops.crop_to_bounding_box, "pad_to_bounding_box": image_ops.pad_to_bounding_box,
        "random_crop": random_ops.random_crop,
    }
    image_v1 = dict(image_common, resize_images=image_ops.resize_images, resize=image_ops.resize_images, resize_bilinear=image_ops.resize_bilinear,
                    resize_nearest_neighbor=image_ops.resize_nearest_neighbor, ResizeMethod=image_ops.ResizeMethodV1,
                    resize_image_with_crop_or_pad=image_ops.resize_with_crop_or_pad, extract_image_patches=image_ops.extract_image_patches)
    image_v2 = dict(image_common, resize=image_ops.resize_images_v2, ResizeMethod=image_ops.ResizeMethod)
    v1.image = mod("tensorflow.image", image_v1)
    v2.image = mod("tensorflow.image", image_v2,
                   removed={"resize_images", "resize_bilinear", "resize_nearest_neighbor",
                            "resize_image_with_crop_or_pad", "extract_image_patches"})

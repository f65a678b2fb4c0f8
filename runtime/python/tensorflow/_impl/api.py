"""Assembles the public namespaces: the TF 1.15 API (`v1`) and the TF 2 API (`v2`), each a
tree of modules. A name the bundled runtime lacks raises UnsupportedSymbolError (an
AttributeError naming the symbol); TF1-only names looked up on the TF2 API raise the
plain AttributeError real TensorFlow 2 raises."""
import sys
import types

import numpy as np

from . import (composite, control_flow, core, data, function, grads, more_ops, nest, nn, ops, platform, random_seed, rnn, script_ops,
               session, train, variables)
from . import linalg_image
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


def _placeholder(dtype, shape=None, name=None):
    if core.executing_eagerly():
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    dtype = core.as_dtype(dtype)
    shape = core.TensorShape(shape)
    return core.op1("Placeholder", [], {"dtype": dtype, "shape": shape}, name or "Placeholder")


def _placeholder_with_default(input, shape, name=None):
    x = core.convert_to_tensor(input)
    return core.op1("PlaceholderWithDefault", [x], {"dtype": x.dtype, "shape": core.TensorShape(shape)},
                    name or "PlaceholderWithDefault")


def _constant(value, dtype=None, shape=None, name="Const", verify_shape=False):
    if isinstance(value, core.EagerTensor) and dtype is None and shape is None:
        return value if core.executing_eagerly() else core.constant_value_tensor(value._numpy(), value.dtype, name)
    if isinstance(value, core.Tensor):
        value = value._numpy() if isinstance(value, core.EagerTensor) else value
    return core.constant_value_tensor(value, dtype, name, shape)


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
        "add": ops.add, "subtract": ops.subtract, "multiply": ops.multiply, "divide": ops.divide, "truediv": ops.truediv,
        "floordiv": ops.floordiv, "floormod": ops.floormod, "mod": ops.floormod, "pow": ops.pow, "maximum": ops.maximum,
        "minimum": ops.minimum, "squared_difference": ops.squared_difference, "negative": ops.negative, "abs": ops.abs,
        "sign": ops.sign, "square": ops.square, "sqrt": ops.sqrt, "rsqrt": ops.rsqrt, "exp": ops.exp, "log": ops.log,
        "log1p": ops.log1p, "sin": ops.sin, "cos": ops.cos, "tanh": ops.tanh, "sigmoid": ops.sigmoid, "floor": ops.floor,
        "ceil": ops.ceil, "round": ops.round, "reciprocal": ops.reciprocal, "softplus": ops.softplus,
        "equal": ops.equal, "not_equal": ops.not_equal, "less": ops.less, "less_equal": ops.less_equal,
        "greater": ops.greater, "greater_equal": ops.greater_equal, "logical_and": ops.logical_and,
        "logical_or": ops.logical_or, "logical_not": ops.logical_not, "logical_xor": ops.logical_xor,
        "reduce_sum": ops.reduce_sum, "reduce_mean": ops.reduce_mean, "reduce_max": ops.reduce_max,
        "reduce_min": ops.reduce_min, "reduce_prod": ops.reduce_prod, "reduce_all": ops.reduce_all,
        "reduce_any": ops.reduce_any, "argmax": ops.argmax, "argmin": ops.argmin, "add_n": ops.add_n,
        "reduce_logsumexp": ops.reduce_logsumexp, "realdiv": ops.realdiv, "softmax": nn.softmax,
        "log_softmax": nn.log_softmax, "l2_normalize": composite.l2_normalize}
    math_common["cumsum"] = composite.cumsum
    math_common["top_k"] = composite.top_k
    math_common = {k: v for k, v in math_common.items() if v is not None}
    top_common = dict(math_common)
    top_common.update(dtypes)
    top_common.update({
        "constant": _constant, "Variable": variables.Variable, "Tensor": core.Tensor, "Operation": core.Operation,
        "Graph": core.Graph, "TensorShape": core.TensorShape, "matmul": ops.matmul, "cast": ops.cast,
        "reshape": ops.reshape, "transpose": ops.transpose, "concat": ops.concat, "stack": ops.stack,
        "unstack": ops.unstack, "expand_dims": ops.expand_dims, "squeeze": ops.squeeze, "shape": ops.shape,
        "size": ops.size, "rank": ops.rank, "fill": ops.fill, "zeros": ops.zeros, "ones": ops.ones,
        "zeros_like": ops.zeros_like, "ones_like": ops.ones_like, "range": ops.range, "one_hot": ops.one_hot,
        "gather": ops.gather, "tile": ops.tile, "broadcast_to": ops.broadcast_to, "identity": ops.identity,
        "stop_gradient": ops.stop_gradient, "convert_to_tensor": core.convert_to_tensor, "group": control_flow.group,
        "no_op": control_flow.no_op, "tuple": control_flow.tuple_, "control_dependencies": control_flow.control_dependencies,
        "cond": control_flow.cond, "while_loop": control_flow.while_loop, "print": control_flow.print_,
        "py_function": script_ops.py_function, "function": function.function, "init_scope": core.init_scope,
        "GradientTape": grads.GradientTape, "IndexedSlices": grads.IndexedSlices, "gradients": grads.gradients, "Module": nn.Module,
        "TensorSpec": function.TensorSpec, "executing_eagerly": core.executing_eagerly, "nest": _mod("tensorflow.nest", {
            "flatten": nest.flatten, "pack_sequence_as": nest.pack_sequence_as, "map_structure": nest.map_structure,
            "is_nested": nest.is_nested}),
        "errors": errors, "newaxis": None, "get_static_value": lambda t, partial=False: t._numpy() if isinstance(t, core.EagerTensor) else None,
        "is_tensor": lambda x: isinstance(x, (core.Tensor, variables.Variable)),
        "add_n": ops.add_n, "square": ops.square, "device": lambda name: __import__("contextlib").nullcontext(),
        "clip_by_value": composite.clip_by_value, "clip_by_norm": composite.clip_by_norm,
        "clip_by_global_norm": composite.clip_by_global_norm, "global_norm": composite.global_norm,
        "sequence_mask": composite.sequence_mask, "split": composite.split,
        "numpy_function": script_ops.numpy_function, "map_fn": composite.map_fn,
        "pad": composite.pad, "cumsum": composite.cumsum, "boolean_mask": composite.boolean_mask,
        "norm": composite.norm, "gather_nd": composite.gather_nd, "scatter_nd": composite.scatter_nd,
        "einsum": composite.einsum,
    })
    nn_common = {"relu": nn.relu, "sigmoid": nn.sigmoid, "tanh": nn.tanh, "softmax": nn.softmax,
                 "log_softmax": nn.log_softmax, "dropout": nn.dropout, "l2_loss": nn.l2_loss, "bias_add": nn.bias_add,
                 "softmax_cross_entropy_with_logits_v2": nn.softmax_cross_entropy_with_logits_v2,
                 "sparse_softmax_cross_entropy_with_logits": nn.sparse_softmax_cross_entropy_with_logits,
                 "sigmoid_cross_entropy_with_logits": nn.sigmoid_cross_entropy_with_logits,
                 "leaky_relu": composite.leaky_relu, "elu": composite.elu, "softplus": ops.softplus,
                 "l2_normalize": composite.l2_normalize, "moments": composite.moments,
                 "embedding_lookup": composite.embedding_lookup, "top_k": composite.top_k,
                 "batch_normalization": composite.batch_norm_apply}
    data_mod = _mod("tensorflow.data", {"Dataset": data.Dataset})
    init_v1 = {"zeros_initializer": variables.zeros_initializer, "ones_initializer": variables.ones_initializer,
               "constant_initializer": variables.constant_initializer,
               "random_normal_initializer": variables.random_normal_initializer,
               "truncated_normal_initializer": variables.truncated_normal_initializer,
               "random_uniform_initializer": variables.random_uniform_initializer,
               "glorot_uniform_initializer": variables.glorot_uniform_initializer,
               "glorot_normal_initializer": composite.glorot_normal_initializer,
               "variance_scaling_initializer": composite.variance_scaling_initializer}
    keras_opt = _mod("tensorflow.keras.optimizers", {"SGD": train.SGD, "Adam": train.Adam, "RMSprop": train.RMSprop,
                                                     "Adagrad": train.Adagrad, "schedules": _mod(
        "tensorflow.keras.optimizers.schedules", {"ExponentialDecay": train.ExponentialDecay,
                                                  "LearningRateSchedule": train.LearningRateSchedule})})
    from . import keras as K
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
        "Session": session.Session, "InteractiveSession": session.InteractiveSession, "placeholder": _placeholder,
        "placeholder_with_default": _placeholder_with_default, "get_variable": variables.get_variable,
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
        "GraphKeys": GraphKeys, "set_random_seed": random_seed.set_seed, "random_normal": ops.random_normal,
        "random_uniform": ops.random_uniform, "truncated_normal": ops.truncated_normal, "to_float": ops.to_float,
        "Dimension": core.Dimension, "assign": _assign,
        "assign_add": lambda ref, value, use_locking=None, name=None: ref.assign_add(value, name=name),
        "assign_sub": lambda ref, value, use_locking=None, name=None: ref.assign_sub(value, name=name),
        "is_variable_initialized": variables.is_variable_initialized, "where": ops.where_v1, "div": ops.div,
        "log": ops.log, "enable_eager_execution": _enable_eager, "disable_eager_execution": _disable_eager,
        "enable_v2_behavior": _enable_v2, "disable_v2_behavior": _disable_v2,
        "disable_resource_variables": lambda: setattr(core.behavior, "resource_variables", False),
        "enable_resource_variables": lambda: setattr(core.behavior, "resource_variables", True),
        "get_default_session": core.get_default_session, "arg_max": ops.argmax, "arg_min": ops.argmin,
        "executing_eagerly_outside_functions": core.executing_eagerly_outside_functions,
        "py_func": script_ops.numpy_function, "random_shuffle": composite.random_shuffle,
        "disable_tensor_equality": lambda: setattr(core.behavior, "tensor_equality", False),
        "enable_tensor_equality": lambda: setattr(core.behavior, "tensor_equality", True),
        "disable_v2_tensorshape": lambda: setattr(core.behavior, "v1_shapes", True),
        "enable_v2_tensorshape": lambda: setattr(core.behavior, "v1_shapes", False),
        "lgamma": ops.lgamma, "digamma": ops.digamma, "erf": ops.erf, "erfc": ops.erfc, "polygamma": ops.polygamma,
        "multinomial": ops.multinomial, "string_to_number": ops.string_to_number,
        "to_int32": more_ops.to_int32, "to_int64": more_ops.to_int64, "to_double": more_ops.to_double,
        "random_crop": more_ops.random_crop, "substr": more_ops.substr_v1,
        "string_join": more_ops.string_join, "as_string": more_ops.as_string,
    }
    for k, v in v1_extra.items():
        setattr(v1, k, v)
    v1.__dict__.update(init_v1)
    v1.nn = _mod("tensorflow.nn", dict(nn_common, softmax_cross_entropy_with_logits=nn.softmax_cross_entropy_with_logits,
                                       conv2d=composite.conv2d_v1, max_pool=composite.max_pool_v1,
                                       avg_pool=composite.avg_pool_v1, max_pool2d=composite.max_pool_v1,
                                       avg_pool2d=composite.avg_pool_v1, dynamic_rnn=rnn.dynamic_rnn,
                                       static_rnn=rnn.static_rnn,
                                       rnn_cell=_mod("tensorflow.nn.rnn_cell", {
                                           "RNNCell": rnn.RNNCell, "BasicRNNCell": rnn.BasicRNNCell,
                                           "BasicLSTMCell": rnn.BasicLSTMCell, "LSTMCell": rnn.LSTMCell,
                                           "GRUCell": rnn.GRUCell, "MultiRNNCell": rnn.MultiRNNCell,
                                           "LSTMStateTuple": rnn.LSTMStateTuple})))
    # special functions: tf.math.* in both APIs, top-level in TF1 only (v1_extra)
    math_special = {"lgamma": ops.lgamma, "digamma": ops.digamma, "erf": ops.erf, "erfc": ops.erfc,
                    "polygamma": ops.polygamma}
    v1.math = _mod("tensorflow.math", dict(math_common, **math_special))
    v1.random = _mod("tensorflow.random", {"normal": ops.random_normal, "uniform": ops.random_uniform,
                                           "truncated_normal": ops.truncated_normal, "set_random_seed": random_seed.set_seed,
                                           "set_seed": random_seed.set_seed, "shuffle": composite.random_shuffle,
                                           "categorical": ops.categorical, "multinomial": ops.multinomial})
    v1.train = _mod("tensorflow.train", {
        "GradientDescentOptimizer": train.GradientDescentOptimizer, "MomentumOptimizer": train.MomentumOptimizer,
        "AdamOptimizer": train.AdamOptimizer, "Optimizer": train.Optimizer,
        "RMSPropOptimizer": train.RMSPropOptimizer, "AdagradOptimizer": train.AdagradOptimizer,
        "get_or_create_global_step": train.get_or_create_global_step, "get_global_step": train.get_global_step,
        "create_global_step": train.create_global_step, "exponential_decay": composite.exponential_decay})
    v1.losses = _mod("tensorflow.losses", {"mean_squared_error": nn.mean_squared_error,
                                           "softmax_cross_entropy": composite.softmax_cross_entropy_loss,
                                           "sparse_softmax_cross_entropy": composite.sparse_softmax_cross_entropy_loss})
    v1.layers = _mod("tensorflow.layers", {"dense": nn.dense, "conv2d": composite.conv2d_layer,
                                           "max_pooling2d": composite.max_pooling2d,
                                           "average_pooling2d": composite.average_pooling2d,
                                           "flatten": composite.flatten, "dropout": composite.dropout_layer,
                                           "batch_normalization": composite.batch_normalization_layer})
    v1.initializers = _mod("tensorflow.initializers", dict(
        {k.replace("_initializer", ""): v for k, v in init_v1.items()},
        he_normal=composite.he_normal, he_uniform=composite.he_uniform, lecun_normal=composite.lecun_normal,
        lecun_uniform=composite.lecun_uniform))
    v1.data = _mod("tensorflow.data", {"Dataset": data.Dataset, "make_one_shot_iterator": data.make_one_shot_iterator,
                                       "make_initializable_iterator": data.make_initializable_iterator})
    v1.keras = keras
    v1.errors = errors_v1
    v1.logging = _mod("tensorflow.logging", platform.LOGGING)
    v1.flags = _mod("tensorflow.flags", platform.FLAGS_MODULE)
    v1.app = _mod("tensorflow.app", {"flags": v1.flags, "run": platform.app_run})
    v1.ConfigProto = platform.ConfigProto
    v1.GPUOptions = platform.GPUOptions
    v1.train.Saver = platform.Saver
    v1.metrics = _mod("tensorflow.metrics", {"accuracy": platform.accuracy, "mean": platform.mean})
    v1.summary = _mod("tensorflow.summary", platform.SUMMARY_V1)
    v1.local_variables = lambda scope=None: core.get_default_graph().get_collection("local_variables", scope)
    v1.dtypes = _mod("tensorflow.dtypes", dtypes)
    v1.linalg = _mod("tensorflow.linalg", {"matmul": ops.matmul, "norm": composite.norm, "einsum": composite.einsum})
    v1.debugging = _mod("tensorflow.debugging", {"check_numerics": ops.check_numerics})
    v1.check_numerics = ops.check_numerics
    strings_common = {"to_number": ops.string_to_number, "join": more_ops.string_join, "as_string": more_ops.as_string}
    v1.strings = _mod("tensorflow.strings", dict(strings_common, substr=more_ops.substr_v1))

    # ---- v2
    v2 = _mod("tensorflow", {}, removed=V1_ONLY)
    for k, v in top_common.items():
        setattr(v2, k, v)
    v2.name_scope = _name_scope_v2
    v2.where = ops.where
    v2.nn = _mod("tensorflow.nn", dict(nn_common, softmax_cross_entropy_with_logits=nn.softmax_cross_entropy_with_logits_v2,
                                       conv2d=composite.conv2d_v2, max_pool=composite.max_pool_v2,
                                       avg_pool=composite.avg_pool_v2, max_pool2d=composite.max_pool_v2,
                                       avg_pool2d=composite.avg_pool_v2),
                 removed={"softmax_cross_entropy_with_logits_v2"})
    v2.math = _mod("tensorflow.math", dict(math_common, **math_special))
    v2.random = _mod("tensorflow.random", {"normal": ops.random_normal, "uniform": ops.random_uniform,
                                           "truncated_normal": ops.truncated_normal, "set_seed": random_seed.set_seed,
                                           "shuffle": composite.random_shuffle, "Generator": random_seed.Generator,
                                           "categorical": ops.categorical,
                                           "get_global_generator": random_seed.get_global_generator,
                                           "set_global_generator": random_seed.set_global_generator})
    v2.train = _mod("tensorflow.train", {}, removed={"GradientDescentOptimizer", "MomentumOptimizer", "AdamOptimizer",
                                                      "RMSPropOptimizer", "AdagradOptimizer",
                                                      "Optimizer", "get_or_create_global_step", "get_global_step"})
    v2.data = data_mod
    v2.keras = keras
    v2.dtypes = _mod("tensorflow.dtypes", dtypes)
    v2.linalg = _mod("tensorflow.linalg", {"matmul": ops.matmul, "norm": composite.norm, "einsum": composite.einsum})
    v2.debugging = _mod("tensorflow.debugging", {"check_numerics": ops.check_numerics})
    v2.strings = _mod("tensorflow.strings", dict(strings_common, substr=more_ops.substr))
    v2.as_string = more_ops.as_string
    v2.initializers = _mod("tensorflow.initializers", {})
    # TF2's own initializer classes (same call signature as Keras 3's)
    v2.constant_initializer, v2.zeros_initializer, v2.ones_initializer = K.Constant, K.Zeros, K.Ones

    compat_v1 = v1
    v1.compat = _mod("tensorflow.compat", {"v1": v1, "v2": v2})
    v2.compat = v1.compat
    from . import array_extra  # noqa: E402  (reverse, segments, losses, schedules, case, scan, TensorArray, ...)
    array_extra.install(v1, v2)
    linalg_image.install(v1, v2, _mod)  # tf.linalg, tf.image, conv variants of tf.nn
    return v1, v2

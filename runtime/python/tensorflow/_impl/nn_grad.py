"""Gradients of the nn ops (nn_ops.py)."""
from . import array_ops, core, math_ops, nn_ops
from .core import convert_to_tensor as _t


def _relu_grad(g, features):
    return core.op1("ReluGrad", [g, features], {"T": g.dtype}, "ReluGrad")


@core.register_gradient("Relu")
def _relu(op, g):
    # As TensorFlow: ReluGrad of the incoming gradient and the op's output.
    return [_relu_grad(g, op.outputs[0])]


@core.register_gradient("ReluGrad")
def _relu_grad_grad(op, g):
    features = op.inputs[1]
    return [_relu_grad(g, features), array_ops.zeros_like(features)]


@core.register_gradient("Selu")
def _selu_grad(op, g):
    y = op.outputs[0]
    sa = _t(1.7580993408473768599402175208123, dtype=y.dtype)
    sc = _t(1.0507009873554804934193349852946, dtype=y.dtype)
    return [array_ops.where(math_ops.less(y, array_ops.zeros_like(y)), math_ops.multiply(g, math_ops.add(y, sa)), math_ops.multiply(g, sc))]


@core.register_gradient("Softsign")
def _softsign_grad(op, g):
    # TensorFlow's SoftsignGrad: g / (1 + |x|)^2
    x = op.inputs[0]
    return [math_ops.divide(g, math_ops.square(math_ops.add(math_ops.abs(x), _t(1, dtype=x.dtype))))]


@core.register_gradient("Relu6")
def _relu6_grad(op, g):
    x = op.inputs[0]
    inside = math_ops.logical_and(math_ops.greater(x, array_ops.zeros_like(x)), math_ops.less(x, _t(6, dtype=x.dtype)))
    return [array_ops.where(inside, g, array_ops.zeros_like(g))]


@core.register_gradient("BiasAdd")
def _bias_add(op, g):
    # As TensorFlow: the incoming gradient, and BiasAddGrad of it for the bias.
    fmt = op.get_attr("data_format")
    fmt = fmt.decode() if isinstance(fmt, bytes) else fmt
    return [g, core.op1("BiasAddGrad", [g], {"T": g.dtype, "data_format": fmt or "NHWC"}, "BiasAddGrad")]


@core.register_gradient("Softmax")
def _softmax(op, g):
    y = op.outputs[0]
    s = math_ops.reduce_sum(math_ops.multiply(g, y), axis=-1, keepdims=True)
    return [math_ops.multiply(math_ops.subtract(g, s), y)]


@core.register_gradient("LogSoftmax")
def _logsoftmax(op, g):
    y = op.outputs[0]
    return [math_ops.subtract(g, math_ops.multiply(math_ops.reduce_sum(g, axis=-1, keepdims=True), math_ops.exp(y)))]


@core.register_gradient("SoftmaxCrossEntropyWithLogits")
def _xent(op, g, g_back=None):
    back = op.outputs[1]
    return [math_ops.multiply(array_ops.expand_dims(g, -1), back), None]


@core.register_gradient("SparseSoftmaxCrossEntropyWithLogits")
def _sxent(op, g, g_back=None):
    return [math_ops.multiply(array_ops.expand_dims(g, -1), op.outputs[1]), None]


@core.register_gradient("L2Loss")
def _l2(op, g):
    return [math_ops.multiply(op.inputs[0], g)]


@core.register_gradient("TopKV2")
def _top_k_grad(op, g_values, g_indices=None):
    x, _ = op.inputs
    n = x.shape.as_list()[-1]
    depth = n if n is not None else array_ops.shape(x)[-1]
    hot = array_ops.one_hot(op.outputs[1], depth, dtype=g_values.dtype)
    return [math_ops.reduce_sum(math_ops.multiply(hot, array_ops.expand_dims(g_values, -1)), axis=-2), None]


def _conv_attrs(op, *names):
    return {n: op.get_attr(n) for n in names}


@core.register_gradient("Conv2D")
def _conv2d(op, g):
    x, f = op.inputs
    attrs = dict(_conv_attrs(op, "strides", "padding", "data_format", "dilations"), T=x.dtype)
    skip = core.skipped_inputs(op)
    dx = None if 0 in skip else core.op1("Conv2DBackpropInput", [array_ops.shape(x), f, g], attrs, "Conv2DBackpropInput")
    df = None if 1 in skip else core.op1("Conv2DBackpropFilter", [x, array_ops.shape(f), g], attrs, "Conv2DBackpropFilter")
    return [dx, df]


@core.register_gradient("MaxPool")
def _max_pool(op, g):
    x = op.inputs[0]
    attrs = dict(_conv_attrs(op, "ksize", "strides", "padding", "data_format"), T=x.dtype)
    return [core.op1("MaxPoolGrad", [x, op.outputs[0], g], attrs, "MaxPoolGrad")]


@core.register_gradient("AvgPool")
def _avg_pool(op, g):
    x = op.inputs[0]
    attrs = dict(_conv_attrs(op, "ksize", "strides", "padding", "data_format"), T=x.dtype)
    return [core.op1("AvgPoolGrad", [array_ops.shape(x), g], attrs, "AvgPoolGrad")]


@core.register_gradient("DepthwiseConv2dNative")
def _depthwise(op, g):
    x, f = op.inputs
    attrs = dict(_conv_attrs(op, "strides", "padding", "data_format", "dilations"), T=x.dtype)
    dx = core.op1("DepthwiseConv2dNativeBackpropInput", [array_ops.shape(x), f, g], attrs,
                  "DepthwiseConv2dNativeBackpropInput")
    df = core.op1("DepthwiseConv2dNativeBackpropFilter", [x, array_ops.shape(f), g], attrs,
                  "DepthwiseConv2dNativeBackpropFilter")
    return [dx, df]


@core.register_gradient("Conv2DBackpropInput")
def _conv_transpose(op, g):
    _, f, dy = op.inputs
    attrs = dict(_conv_attrs(op, "strides", "padding", "data_format", "dilations"), T=f.dtype)
    df = core.op1("Conv2DBackpropFilter", [g, array_ops.shape(f), dy], attrs, "Conv2DBackpropFilter")
    ddy = core.op1("Conv2D", [g, f], attrs, "Conv2D")
    return [None, df, ddy]


@core.register_gradient("SpaceToDepth")
def _s2d(op, g):
    return [nn_ops.depth_to_space(g, op.get_attr("block_size"))]


@core.register_gradient("DepthToSpace")
def _d2s(op, g):
    return [nn_ops.space_to_depth(g, op.get_attr("block_size"))]


@core.register_gradient("MaxPoolWithArgmax")
def _pool_argmax(op, g, g_arg=None):
    x = op.inputs[0]
    return [core.op1("MaxPoolGradWithArgmax", [x, g, op.outputs[1]],
                     dict(_conv_attrs(op, "ksize", "strides", "padding", "include_batch_in_index"), T=x.dtype,
                          Targmax=op.outputs[1].dtype), "MaxPoolGradWithArgmax")]


@core.register_gradient("LRN")
def _lrn(op, g):
    x, y = op.inputs[0], op.outputs[0]
    return [core.op1("LRNGrad", [g, x, y], dict(_conv_attrs(op, "depth_radius", "bias", "alpha", "beta"), T=x.dtype),
                     "LRNGrad")]


core.not_differentiable("InTopKV2")

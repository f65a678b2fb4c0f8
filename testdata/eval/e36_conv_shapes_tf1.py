"""TF1 conv block helpers reading static dimensions."""
import tensorflow as tf


def conv_bn_relu(x, filters, scope):
    in_channels = x.get_shape()[-1].value  # expect: TFM504
    batch = tf.shape(x)[0]
    with tf.compat.v1.variable_scope(scope):
        kernel = tf.compat.v1.get_variable("kernel", [3, 3, in_channels, filters])
        y = tf.nn.conv2d(x, kernel, strides=1, padding="SAME")
    return tf.nn.relu(y), batch


def flatten(net):
    dim = 1
    for d in net.shape[1:]:
        dim *= d.value  # expect: TFM504
    return tf.reshape(net, [-1, dim])

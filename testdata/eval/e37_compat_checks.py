"""Static shape checks written against Dimension objects."""
import tensorflow as tf


def check_pair(x, y):
    x.shape[1].assert_is_compatible_with(y.shape[1])  # expect: TFM504
    rows = x.shape[0]
    merged = rows.merge_with(y.shape[0])  # expect: TFM504
    return merged


def check_pair_tf2(x, y):
    x.shape[1:].assert_is_compatible_with(y.shape[1:])
    return tf.TensorShape(x.shape).merge_with(y.shape)


def static_batch(x):
    return tf.compat.v1.dimension_value(x.shape[0])

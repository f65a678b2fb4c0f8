"""Shape utilities shared by a TF1 model zoo."""
import numpy as np
import tensorflow as tf


def flat_size(t):
    return int(np.prod([d.value for d in t.get_shape()[1:]]))  # expect: TFM504


def static_or_dynamic(t, axis):
    static = t.shape[axis].value  # expect: TFM504
    return static if static is not None else tf.shape(t)[axis]


def static_or_dynamic_tf2(t, axis):
    static = t.shape[axis]
    return static if static is not None else tf.shape(t)[axis]

import tensorflow as tf
import tensorflow.compat.v1 as v1
from tensorflow import control_dependencies
from tensorflow.compat.v1 import control_dependencies as v1_control_dependencies

counter = tf.Variable(0)


@tf.function
def step(x):
    update = counter.assign_add(1)
    with tf.control_dependencies([update]):  # expect: TFM204
        return tf.identity(x)


@tf.function
def checked(x):
    with v1.control_dependencies([tf.debugging.assert_positive(x)]):  # expect: TFM204
        return tf.sqrt(x)


def eager_update(x):
    with control_dependencies([counter.assign_add(1)]):  # expect: TFM204
        y = x * 2
    return y


with v1_control_dependencies([counter.assign(0)]):  # expect: TFM204
    z = tf.constant(1)


# Must not fire:
def plain(x):  # ok
    return tf.identity(x)  # ok


def model_fn(features, labels, mode):
    loss = tf.reduce_mean(features)
    update_ops = v1.get_collection(v1.GraphKeys.UPDATE_OPS)
    with v1.control_dependencies(update_ops):  # ok: graph-building code (an Estimator model_fn)
        return tf.identity(loss)


g = tf.Graph()  # ok
with g.control_dependencies([z]):  # ok: an explicit graph's method, not the global one
    pass
with tf.Graph().as_default():
    a = v1.Variable(1.0)
    with tf.control_dependencies([a.assign(2.0)]):  # ok: builds a TF1 graph that a session runs
        b = tf.identity(a)

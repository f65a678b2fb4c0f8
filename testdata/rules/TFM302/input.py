import tensorflow as tf
import tensorflow.compat.v1 as v1
from tensorflow.compat.v1 import AUTO_REUSE, get_variable, variable_scope
from tensorflow import get_variable_scope


def encoder(x):
    with tf.variable_scope("encoder", reuse=tf.AUTO_REUSE):  # expect: TFM302
        w = tf.get_variable("w", [4, 4])  # expect: TFM302
        return tf.matmul(x, w)


def decoder(x, reuse):
    with variable_scope("decoder", reuse=reuse):  # expect: TFM302
        w = get_variable("w", [4, 4])  # expect: TFM302
        return tf.matmul(x, w)


def tower(x):
    with v1.variable_scope("tower") as scope:  # ok: no reuse requested here
        scope.reuse_variables()  # expect: TFM302
        w = v1.get_variable("w", [4, 4])  # expect: TFM302
        return tf.matmul(x, w)


def shared_bias():
    return v1.get_variable("bias", [4], initializer=v1.zeros_initializer())  # expect: TFM302


def two_towers(a, b):
    with v1.variable_scope("towers", reuse=True):  # expect: TFM302
        return a + shared_bias(), b + shared_bias()


def eval_tower(x):
    get_variable_scope().reuse_variables()  # expect: TFM302
    return encoder(x)


default_reuse = AUTO_REUSE  # expect: TFM302

# Must not fire:
with v1.variable_scope("layer1"):  # ok
    w1 = v1.get_variable("w", [2])  # ok: same short name as below, but a different full name
with v1.variable_scope("layer2"):  # ok
    w2 = v1.get_variable("w", [2])  # ok
with v1.variable_scope("fresh"):  # ok: a plain name scope for new variables
    unique = v1.get_variable("unique", [2])  # ok: requested once
with v1.variable_scope("explicit", reuse=None):  # ok: reuse=None inherits, no sharing requested
    other = v1.get_variable("other", [2])  # ok


class Shim(tf.keras.layers.Layer):
    @v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with v1.variable_scope("dense", reuse=v1.AUTO_REUSE):  # ok: the sanctioned migration shim
            k = v1.get_variable("kernel", [4, 4])  # ok
        return inputs @ k


layer = tf.keras.layers.Dense(4)  # ok: object-based sharing

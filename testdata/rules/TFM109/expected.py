import os

import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import OptimizerOptions
from tensorflow import config as tf_config

tf.config.optimizer.set_jit(True)  # expect: TFM109
tf_config.optimizer.set_jit("autoclustering")  # expect: TFM109
tf1.config.optimizer.set_jit(enabled=True)  # expect: TFM109

config = tf1.ConfigProto()
config.graph_options.optimizer_options.global_jit_level = tf1.OptimizerOptions.ON_1  # expect: TFM109
opts = tf1.OptimizerOptions(global_jit_level=OptimizerOptions.ON_2)  # expect: TFM109
level = 1
config.graph_options.optimizer_options.global_jit_level = level  # expect: TFM109
os.environ["TF_XLA_FLAGS"] = "--tf_xla_auto_jit=2 --tf_xla_cpu_global_jit"  # expect: TFM109

# Must not fire:
tf.config.optimizer.set_jit(False)  # ok: turning auto-clustering off
config.graph_options.optimizer_options.global_jit_level = tf1.OptimizerOptions.OFF  # ok
os.environ["TF_XLA_FLAGS"] = "--tf_xla_auto_jit=-1"  # ok: off
jit_on = tf.config.optimizer.get_jit()  # ok: a query


@tf.function(jit_compile=True)  # ok: the recommended per-function form
def dense(x, w):
    return tf.matmul(x, w)


class Settings:
    global_jit_level = 1  # ok: an unrelated attribute of the same name

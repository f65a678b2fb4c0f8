import absl.logging
import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import disable_resource_variables, enable_eager_execution

tf.get_logger().setLevel("ERROR")
tf.config.threading.set_intra_op_parallelism_threads(2)
tf1.disable_v2_behavior()  # expect: TFM110
tf.compat.v1.disable_v2_behavior()  # expect: TFM110 (error: the same switch twice)
disable_resource_variables()  # expect: TFM110
tf1.disable_control_flow_v2()  # expect: TFM110
tf1.disable_tensor_equality()  # expect: TFM110
tf1.disable_v2_tensorshape()  # expect: TFM110

x = tf1.placeholder(tf.float32, [None])
tf1.disable_eager_execution()  # expect: TFM110 (error: after `placeholder` created ops)
enable_eager_execution()  # expect: TFM110 (error: reverses the earlier switch)


def main():
    tf1.enable_v2_behavior()  # expect: TFM110 (error: inside a function)


def legacy_entry():
    from tensorflow import disable_v2_tensorshape  # a TF 1.x top-level export

    disable_v2_tensorshape()  # expect: TFM110 (warning: not an eager switch)


# Must not fire:
eager = tf.executing_eagerly()  # ok: a query, not a switch
tf1.enable_resource_variables()  # ok: turns a TF2 behavior back on
tf1.enable_control_flow_v2()  # ok
absl.logging.set_verbosity("info")  # ok
disable_eager_execution = "a string that shares the name"  # ok

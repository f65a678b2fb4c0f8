# A session configured for device placement: soft placement (an op pinned to a device the
# machine lacks runs where it can; TF2's default) and the placement log (on stderr) are
# process-wide settings in TF2, made right after the import.
import numpy as np
import tensorflow as tf
tf.config.set_soft_device_placement(True)
tf.debugging.set_log_device_placement(True)


@tf.function(input_signature=[tf.TensorSpec(shape=[2, 2], dtype=tf.float32)])
def run_y(x):
    y = tf.matmul(x, x) + 1.0
    return y


print("y", run_y(x=np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)).numpy())

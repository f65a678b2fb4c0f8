# A session configured for device placement: soft placement (an op pinned to a device the
# machine lacks runs where it can; TF2's default) and the placement log (on stderr) are
# process-wide settings in TF2, made right after the import.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [2, 2])
y = tf.matmul(x, x) + 1.0
with tf.Session(config=tf.ConfigProto(allow_soft_placement=True, log_device_placement=True)) as sess:
    print("y", sess.run(y, {x: np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)}))

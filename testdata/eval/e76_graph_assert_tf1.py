"""TF1 input checks written as Python asserts on tensors."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
images = tf.compat.v1.placeholder(tf.float32, [None, 28, 28, 1])
labels = tf.compat.v1.placeholder(tf.int64, [None])
assert tf.reduce_min(images) >= 0.0  # expect: TFM603
assert images.shape[1] == 28
checks = [tf.debugging.assert_non_negative(images)]
with tf.control_dependencies(checks):
    images = tf.identity(images)

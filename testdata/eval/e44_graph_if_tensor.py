"""TF1 graph code that branches in Python on tensors."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
mask = tf.compat.v1.placeholder(tf.float32, [None])
values = tf.compat.v1.placeholder(tf.float32, [None])
if tf.reduce_sum(mask) > 0:  # expect: TFM603
    masked_mean = tf.reduce_sum(values * mask) / tf.reduce_sum(mask)
else:
    masked_mean = tf.constant(0.0)
valid = tf.reduce_all(tf.math.is_finite(values))
if valid:  # expect: TFM603
    output = values
with tf.compat.v1.Session() as sess:
    print(sess.run(masked_mean, feed_dict={mask: [1.0, 0.0], values: [2.0, 3.0]}))

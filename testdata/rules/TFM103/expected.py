import tensorflow as tf
from tensorflow import nn

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
a = tf.math.log(x)  # expect: TFM103
b = tf.random.normal([2, 2], seed=1)  # expect: TFM103
c = tf.cast(tf.constant([1, 2]), tf.float32)  # expect: TFM103
d = tf.cast(x, tf.int32, name="as_int")  # expect: TFM103
e = tf.random.categorical(tf.math.log([[0.5, 0.5]]), 3)  # expect: TFM103
f = tf.debugging.check_numerics(x, "bad")  # expect: TFM103
g = tf.to_float(x, "positional_name")  # expect: TFM103
h = tf.io.FixedLenFeature([], tf.int64)  # expect: TFM103
ref = tf.math.ceil  # expect: TFM103

# TF2 names and unrelated names: no finding.
a2 = tf.math.log(x)  # ok
b2 = tf.random.normal([2, 2])  # ok
c2 = tf.cast(x, tf.float32)  # ok
r = nn.relu(x)  # ok
log = print  # ok
log("done")  # ok
m = tf.compat.v1.log(x)  # ok

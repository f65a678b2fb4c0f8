import tensorflow as tf
from tensorflow import nn

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
a = tf.log(x)  # expect: TFM103
b = tf.random_normal([2, 2], seed=1)  # expect: TFM103
c = tf.to_float(tf.constant([1, 2]))  # expect: TFM103
d = tf.to_int32(x, name="as_int")  # expect: TFM103
e = tf.multinomial(tf.math.log([[0.5, 0.5]]), 3)  # expect: TFM103
f = tf.check_numerics(x, "bad")  # expect: TFM103
g = tf.to_float(x, "positional_name")  # expect: TFM103
h = tf.FixedLenFeature([], tf.int64)  # expect: TFM103
ref = tf.ceil  # expect: TFM103

# TF2 names and unrelated names: no finding.
a2 = tf.math.log(x)  # ok
b2 = tf.random.normal([2, 2])  # ok
c2 = tf.cast(x, tf.float32)  # ok
r = nn.relu(x)  # ok
log = print  # ok
log("done")  # ok
m = tf.compat.v1.log(x)  # ok

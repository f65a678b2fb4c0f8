# modes: tf2
# tf.random.set_seed restarts the sequences; op seeds; shapes and ranges (values are not
# compared with TensorFlow: different generators).
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
a1 = tf.random.normal([3])
a2 = tf.random.normal([3])
tf.random.set_seed(1)
b1 = tf.random.normal([3])
b2 = tf.random.normal([3])
print(bool(np.array_equal(a1.numpy(), b1.numpy())), bool(np.array_equal(a2.numpy(), b2.numpy())))
print(bool(np.array_equal(a1.numpy(), a2.numpy())))
u = tf.random.uniform([5], minval=2.0, maxval=3.0, seed=3)
print(u.shape, u.dtype, bool(np.all((u.numpy() >= 2.0) & (u.numpy() < 3.0))))
t = tf.random.truncated_normal([50], stddev=2.0)
print(t.dtype, bool(np.all(np.abs(t.numpy()) <= 4.0)))

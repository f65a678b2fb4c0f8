# modes: tf1
# Sums and means as TensorFlow's CPU kernels add (contiguous values in packets, split in two
# above 8192 floats): instance normalization of 10^4 float32 values near 100 keeps its mean
# at 0, where a running sum drifts by 0.05 standard deviations (tf-slim's instance_norm test);
# Reshape to a list mixing a dynamic dimension with constants keeps the constants in the
# static shape (tf-slim's group_norm); tf.nn.batch_normalization's node names; -x is "Neg".
# Sqrt correctly rounded: the cookbook's pseudo-Huber loss, 25 * (sqrt(1 + q^2) - 1), cancels
# and shows a 1-ulp error of the square root.
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
rng = np.random.RandomState(0)
fetches = {}
for n in (7, 33, 1000, 5000, 20000):
    v = (rng.rand(n) * 0.1 + 100).astype(np.float32)
    fetches["sum%d" % n] = tf.reduce_sum(tf.constant(v))
    fetches["mean%d" % n] = tf.reduce_mean(tf.constant(v))
rows = tf.constant((rng.rand(3, 5000) * 0.1 + 100).astype(np.float32))
fetches["rows"] = tf.reduce_sum(rows, 1)
fetches["cols"] = tf.reduce_mean(rows, 0)[:4]
x = tf.random_uniform((1, 100, 100, 1), seed=0) * 0.1 + 100
mean, var = tf.nn.moments(x, [1, 2], keep_dims=True)
y = tf.nn.batch_normalization(x, mean, var, None, None, 1e-6)
fetches["norm_mean_small"] = tf.abs(tf.reduce_mean(y)) < 1e-3  # the value itself is rounding noise
xs = tf.linspace(-1., 1., 500)
fetches["pseudo_huber"] = tf.multiply(tf.square(tf.constant(5.)), tf.sqrt(1. + tf.square((0. - xs) / 5.)) - 1.)
fetches["norm_var"] = tf.nn.moments(tf.reshape(y, [-1]), [0])[1]
print(y.op.name, [o.name for o in tf.get_default_graph().get_operations() if o.name.startswith("batchnorm/")][1:])
print((-x).op.name)

p = tf.placeholder(tf.float32, (None, 3, 3, 8))
s = tf.shape(p)
a = tf.reshape(p, [s[0], 3, 3, 4, 2])
b = tf.reshape(a, [s[0], 3, 3, 8])
c = tf.reshape(p, tf.concat([tf.shape(p)[:1], [72]], 0))
d = tf.reshape(p, tf.shape(a))
e = tf.reshape(p, [s[0], -1])
print([t.shape.as_list() for t in (a, b, c, d, e)])
with tf.Session() as sess:
    out = sess.run(fetches)
    for k in sorted(out):
        print(k, np.round(np.atleast_1d(np.asarray(out[k], np.float64)), 3).tolist()[:8])
    print(sess.run(b, {p: np.ones([2, 3, 3, 8], np.float32)}).shape)

# modes: tf1
# Float sums in TensorFlow's order, bit for bit: Eigen's inner-dimension reducer (four packet
# accumulators, then single packets, the scalar tail; a tree above 1024 packets), the
# kept-inner-dimension reducer (strided accumulators inside whole packets, running sums
# elsewhere), and the sums of tf.nn.moments behind group / instance normalization. The
# digests are of the exact bits (the order of float additions is the same on every x86
# processor); Rsqrt's values, whose estimate instruction differs between processors, are
# printed as numbers.
import hashlib

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(7)
cases = [((3, 33), [1]), ((2, 20000), [1]), ((4, 10000), [1]), ((1, 40000), [1]), ((3, 8192), [1]),
         ((64, 10), [0]), ((100, 7), [0]), ((20, 33), [0]), ((1000, 3), [0]),
         ((3, 50, 20), [1]), ((4, 10, 9), [1]), ((10, 100, 30), [1]), ((7, 19, 13), [0, 2])]
runs = []
for shape, axes in cases:
    for dt in (tf.float32, tf.float64):
        v = (rng.randn(*shape) * 3 + 100).astype(dt.as_numpy_dtype)
        ph = tf.placeholder(dt, shape)
        runs.append((shape, axes, dt, ph, v, [tf.reduce_sum(ph, axes), tf.reduce_mean(ph, axes)]))
x = tf.placeholder(tf.float32, [1, 100, 100, 4])
mean, var = tf.nn.moments(tf.reshape(x, [1, 4, 25, 100, 4]), [2, 3, 4], keep_dims=True)
inst_mean, inst_var = tf.nn.moments(x, [1, 2], keep_dims=True)
r = tf.math.rsqrt(tf.placeholder_with_default(np.array([0.5, 2.0, 3.0, 1e-3, 7.0, 11.0, 1e4, 0.1, 5.0, 9.0, 13.0],
                                                         np.float32), [11]))
xv = (rng.rand(1, 100, 100, 4) + 100).astype(np.float32)
with tf.Session() as sess:
    for shape, axes, dt, ph, v, ops in runs:
        out = sess.run(ops, {ph: v})
        print(shape, axes, dt.name, [hashlib.md5(o.tobytes()).hexdigest()[:12] for o in out])
    out = sess.run([mean, var, inst_mean, inst_var], {x: xv})
    print("moments", [hashlib.md5(o.tobytes()).hexdigest()[:12] for o in out])
    print(sess.run(r))

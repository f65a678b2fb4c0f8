# Renamed symbols: tf.log, tf.ceil, tf.random_normal, tf.check_numerics, casts.
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
x = tf.constant([1.0, 2.5, 10.0])
vals = {
    "log": tf.log(x),
    "ceil": tf.ceil(x),
    "rnd": tf.random_normal([3], seed=7),
    "uni": tf.random_uniform([2], seed=3),
    "checked": tf.check_numerics(x, "bad"),
    "as_int": tf.to_int32(x),
    "as_float": tf.to_float(tf.constant([1, 2])),
    "floordiv": tf.floordiv(x, 2.0),
    "lgamma": tf.lgamma(x),
    "cumprod": tf.cumprod(x),
}
with tf.Session() as sess:
    out = sess.run(vals)
for k in sorted(out):
    print(k, np.round(np.asarray(out[k], dtype=np.float64), 4).tolist())

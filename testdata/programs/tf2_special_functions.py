# modes: tf2 tf1
# tf.math.lgamma / digamma / polygamma / erf / erfc (float32 and float64; the TF1 top-level
# spellings tf.lgamma, tf.digamma, tf.erf) and their gradients: lgamma' = digamma,
# digamma' = polygamma(1, x), erf' = 2/sqrt(pi) exp(-x^2), eagerly, in a tf.function and in
# a session.
import numpy as np
import tensorflow as tf

xs = [0.25, 0.5, 1.0, 2.5, 7.0, 30.0, -1.5, -0.3]
x32 = tf.constant(xs)
x64 = tf.constant(xs, dtype=tf.float64)
erf_in = tf.constant([-3.0, -0.5, 0.0, 0.1, 1.0, 2.0, 5.0], dtype=tf.float64)
special = [tf.math.lgamma(x32), tf.math.digamma(x32), tf.math.lgamma(x64), tf.math.digamma(x64),
           tf.math.polygamma(tf.constant(1.0, tf.float64), x64), tf.math.polygamma(tf.constant(2.0, tf.float64), x64),
           tf.math.erf(erf_in), tf.math.erfc(erf_in), tf.math.erf(tf.cast(erf_in, tf.float32))]
if tf.executing_eagerly():
    for t in special:
        print(t.dtype.name, np.round(t.numpy(), 5).tolist())
    v = tf.Variable([0.5, 1.5, 4.0], dtype=tf.float64)
    with tf.GradientTape(persistent=True) as tape:
        a = tf.reduce_sum(tf.math.lgamma(v))
        b = tf.reduce_sum(tf.math.digamma(v) * 2.0)
        c = tf.reduce_sum(tf.math.erf(v) + tf.math.erfc(v * 0.5))
    for y in (a, b, c):
        print(np.round(tape.gradient(y, v).numpy(), 6).tolist())

    @tf.function
    def log_beta(p, q):
        return tf.math.lgamma(p) + tf.math.lgamma(q) - tf.math.lgamma(p + q)

    print(np.round(log_beta(tf.constant([1.0, 2.0, 0.5]), tf.constant([1.0, 3.0, 0.5])).numpy(), 5).tolist())
    print(hasattr(tf, "lgamma"), hasattr(tf.compat.v1, "lgamma"))
else:
    p = tf.placeholder(tf.float32, [None])
    lg, dg, ef = tf.lgamma(p), tf.digamma(p), tf.erf(p)
    grads = tf.gradients(tf.reduce_sum(lg) + tf.reduce_sum(dg) + tf.reduce_sum(ef), p)
    print(lg.shape, dg.dtype, ef.name)
    with tf.Session() as sess:
        for t in sess.run(special):
            print(t.dtype, np.round(t, 5).tolist())
        out = sess.run([lg, dg, ef] + grads, {p: [0.5, 1.0, 3.0, 10.0]})
        for t in out:
            print(np.round(t, 4).tolist())

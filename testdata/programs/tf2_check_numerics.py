# modes: tf2 tf1
# tf.debugging.check_numerics: the tensor unchanged, InvalidArgumentError on NaN / Inf
# (eagerly, in a tf.function, in a session), and its gradient is checked as well.
import numpy as np
import tensorflow as tf

good = tf.constant([1.0, 2.0, 3.0])
bad = tf.constant([1.0, np.nan, np.inf])
if tf.executing_eagerly():
    print(tf.debugging.check_numerics(good, "good").numpy().tolist())
    for t, m in ((bad, "both"), (tf.constant([np.inf]), "inf only"), (tf.constant([np.nan]), "nan only")):
        try:
            tf.debugging.check_numerics(t, m)
        except tf.errors.InvalidArgumentError as e:
            print(type(e).__name__, m, "Tensor had" in e.message, ("Inf and NaN" in e.message, "NaN values" in e.message, "Inf values" in e.message))

    @tf.function
    def f(x):
        return tf.debugging.check_numerics(x * 2.0, "doubled")

    print(f(good).numpy().tolist())
    try:
        f(bad)
    except tf.errors.InvalidArgumentError as e:
        print("in function", type(e).__name__, "doubled : Tensor had" in e.message)
    x = tf.Variable([1.0, 0.0])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.debugging.check_numerics(tf.sqrt(x), "sqrt"))
    try:
        tape.gradient(y, x)
    except tf.errors.InvalidArgumentError as e:
        print("gradient", "detected in gradient" in e.message)
else:
    c = tf.compat.v1.check_numerics(good * 3.0, "tripled")
    d = tf.debugging.check_numerics(bad, "bad one")
    with tf.compat.v1.Session() as sess:
        print(sess.run(c).tolist())
        try:
            sess.run(d)
        except tf.errors.InvalidArgumentError as e:
            print(type(e).__name__, "bad one : Tensor had Inf and NaN values" in e.message)

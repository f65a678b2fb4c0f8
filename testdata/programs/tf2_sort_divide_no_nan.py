# modes: tf2 tf1
# Ops real programs reached that the bundled runtime lacked: tf.sort / tf.argsort (both
# directions, every axis, ties, int32 extremes), tf.math.divide_no_nan, and
# Variable.is_initialized; tf.nn in TF2 has no softmax_cross_entropy_with_logits_v2.
import numpy as np
import tensorflow as tf

if not tf.executing_eagerly():
    tf.compat.v1.enable_resource_variables()
x = tf.constant([[3.0, 1.0, 2.0, 1.0], [-1.0, 5.0, 0.5, 5.0], [2.0, 2.0, -3.0, 4.0]])
i = tf.constant([[3, -7, 0], [2147483647, -2147483647 - 1, 5]])
outs = {
    "sort": tf.sort(x),
    "sort_desc": tf.sort(x, direction="DESCENDING"),
    "sort_axis0": tf.sort(x, axis=0),
    "argsort": tf.argsort(x),
    "argsort_desc_axis0": tf.argsort(x, axis=0, direction="DESCENDING"),
    "argsort_stable": tf.argsort(x, stable=True),
    "sort_int": tf.sort(i),
    "argsort_int": tf.argsort(i, direction="ASCENDING"),
    "div_no_nan": tf.math.divide_no_nan(tf.constant([1.0, 0.0, -2.0, 3.0]), tf.constant([0.0, 0.0, 4.0, 2.0])),
    "div_no_nan_bcast": tf.math.divide_no_nan(x, tf.constant([0.0, 2.0, 1.0, 0.0])),
}
try:
    tf.sort(x, direction="UP")
except ValueError as e:
    print("ValueError", e)
v = tf.Variable([1.0, 2.0])
init = v.is_initialized()
if tf.executing_eagerly():
    for k, t in outs.items():
        print(k, t.numpy().tolist())
    print("initialized", bool(init))
else:
    with tf.compat.v1.Session() as sess:
        print("initialized before", sess.run(init))
        sess.run(tf.compat.v1.global_variables_initializer())
        print("initialized after", sess.run(init))
        for k, t in outs.items():
            print(k, sess.run(t).tolist())
print(hasattr(tf.nn, "softmax_cross_entropy_with_logits_v2"))
print(np.round(tf.math.divide_no_nan(1.0, 3.0).numpy() if tf.executing_eagerly() else 1 / 3, 4))

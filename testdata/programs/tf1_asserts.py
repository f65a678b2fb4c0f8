# modes: tf1
# Run-time assertions in graphs: tf.Assert and the v1 check_ops (assert_positive with
# TensorFlow's "message.  " prefix, assert_equal / less / greater_equal / non_negative, the
# data they report, summarize), failing the run with InvalidArgumentError("assertion failed:
# [..] [..]") whose data are summarized as TensorFlow's kernel does; static failures at
# construction; assert_rank's ValueError.
import numpy as np
import tensorflow as tf
x = tf.placeholder(tf.float32, [None])
n = tf.placeholder(tf.int32, [])
a = tf.Assert(tf.reduce_all(x > 0), ["x must be positive", x])
b = tf.assert_positive(n, message="epoch_size == 0, decrease batch_size or num_steps")
c = tf.assert_equal(tf.shape(x)[0], 4, message="four", name="four")
d = tf.assert_less(x, 10.0)
e = tf.assert_rank(x, 1)
with tf.control_dependencies([a, b]):
    y = tf.identity(x * 2)
with tf.Session() as s:
    print(s.run(y, {x: [1, 2, 3, 4], n: 3}))
    for feed in ({x: [1, -2, 3, 4, 5, 6], n: 3}, {x: [1, 2, 3, 4], n: 0}):
        try:
            s.run(y, feed)
        except tf.errors.InvalidArgumentError as err:
            print("InvalidArgumentError:", [l for l in err.message.split("\n") if "assertion failed" in l])
    try:
        s.run(c, {x: [1, 2, 3]})
    except tf.errors.InvalidArgumentError as err:
        print("InvalidArgumentError:", [l for l in err.message.split("\n") if "assertion failed" in l])
    try:
        s.run(d, {x: [1, 20, 3]})
    except tf.errors.InvalidArgumentError as err:
        print("InvalidArgumentError:", [l for l in err.message.split("\n") if "assertion failed" in l])
try:
    tf.assert_equal(tf.constant([1, 2], name="a"), tf.constant([1, 3], name="b"), message="static")
except tf.errors.InvalidArgumentError as err:
    print("static InvalidArgumentError:", err.message.replace("\n", " | "))
try:
    tf.assert_rank(tf.constant([1, 2], name="r"), 2)
except ValueError as err:
    print("ValueError:", err)

x2 = tf.placeholder(tf.float32, [None], name="x2")
ops = {
 "pos_nomsg": tf.assert_positive(x2),
 "less_msg": tf.assert_less(x2, 10.0, message="lt"),
 "nonneg": tf.assert_non_negative(x2, message="nn"),
 "ge": tf.assert_greater_equal(x2, 0.0),
 "eq_vec": tf.assert_equal(x2, tf.ones_like(x2) * 2, summarize=2),
 "assert_sum": tf.Assert(tf.reduce_all(x2 > 0), [x2, tf.reshape(x2, [2, -1])], summarize=5),
}
with tf.Session() as s:
    for k, op in ops.items():
        try:
            s.run(op, {x2: [-1., 20., 3., 4., 5., 6.]})
            print(k, "passed")
        except tf.errors.InvalidArgumentError as err:
            print(k, [l for l in err.message.split("\n") if "assertion failed" in l])

# the sign asserts against zero (assert_non_positive glues its condition and x lines, as TF does)
x3 = tf.placeholder(tf.float32, [None], name="x3")
ops = [tf.assert_negative(x3, message="neg"), tf.assert_non_positive(x3), tf.assert_non_negative(x3)]
with tf.Session() as s:
    for op in ops:
        try:
            s.run(op, {x3: [-1., 2., -3., 4.]})
        except tf.errors.InvalidArgumentError as err:
            print([l for l in err.message.split("\n") if "assertion failed" in l])

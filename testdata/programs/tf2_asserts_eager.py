# modes: tf2
# tf.debugging asserts run eagerly: each checks at once and raises InvalidArgumentError with
# TensorFlow's eager message (the first elements of x and y, the summarized data).
import tensorflow as tf
x = tf.constant([-1., 20., 3., 4., 5., 6.])
for f in (lambda: tf.debugging.assert_positive(x, message="pos"), lambda: tf.debugging.assert_equal(x, 2.0),
          lambda: tf.debugging.Assert(tf.reduce_all(x > 0), ["m", x]), lambda: tf.debugging.assert_less(x, 10.0)):
    try:
        f(); print("passed")
    except tf.errors.InvalidArgumentError as err:
        print(type(err).__name__, err.message.replace("\n", " | "))

# the other sign asserts
x2 = tf.constant([-1., 2., -3., 4.])
for f in (lambda: tf.debugging.assert_negative(x2, message="neg"), lambda: tf.debugging.assert_non_positive(x2),
          lambda: tf.debugging.assert_non_negative(x2)):
    try:
        f(); print("passed")
    except tf.errors.InvalidArgumentError as err:
        print(err.message.replace("\n", " | "))

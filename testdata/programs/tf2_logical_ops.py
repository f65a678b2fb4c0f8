# modes: tf2
# Boolean and comparison ops, reductions over bools, where with broadcasting, strings.
import tensorflow as tf

a = tf.constant([True, False, True])
b = tf.constant([True, True, False])
print(tf.logical_and(a, b), tf.logical_or(a, b), tf.math.logical_xor(a, b), tf.logical_not(a))
print(tf.reduce_all(a), tf.reduce_any(a), tf.reduce_all(tf.constant([[True], [True]]), axis=0))
x = tf.constant([[1, -2], [3, -4]])
print(tf.where(x > 0, x, tf.zeros_like(x)), tf.where(x < 0, -1, 1))
print(tf.equal(tf.constant(["a", "b"]), tf.constant(["a", "c"])), tf.constant("ab") + tf.constant("cd"))
print(tf.maximum(x, 0), tf.minimum(x, tf.constant([0, -3])), tf.abs(x), tf.sign(x))
print(tf.math.floormod(x, 3), tf.math.floordiv(x, 3), tf.math.truediv(x, 2))
print(tf.math.squared_difference(x, 1), tf.math.pow(tf.constant(2.0), tf.constant([0.5, 3.0])))
print(tf.math.round(tf.constant([0.5, 1.5, -0.5, 2.4])), tf.math.floor(tf.constant(-1.5)), tf.math.ceil(tf.constant(1.2)))

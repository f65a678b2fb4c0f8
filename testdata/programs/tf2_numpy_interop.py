# modes: tf2
# Tensors and numpy: conversion both ways, dtype inference, numpy operators on tensors.
import numpy as np
import tensorflow as tf

a = np.array([1.5, 2.5], dtype=np.float64)
t = tf.constant(a)
print(t.dtype, tf.constant([1, 2]).dtype, tf.constant(1.0).dtype, tf.constant(True).dtype)
print(tf.convert_to_tensor(np.int64(3)).dtype, tf.constant([1.0, 2.0], dtype=tf.float64).dtype)
print(np.array(t), t.numpy().dtype, np.asarray(tf.constant([[1, 2]])).shape)
print(tf.add(a, 1.0), tf.constant([1.0, 2.0]) + np.float32(1.0))
print(np.sum(tf.constant([1, 2, 3])), float(tf.reduce_sum(tf.constant([0.5, 0.25]))))
print(tf.constant(["a", "bc"]), tf.constant(b"x").numpy())
print(tf.zeros([2, 0]).shape, tf.reduce_sum(tf.zeros([0])))
print(tf.cast(tf.constant([1.7, -1.7]), tf.int32), tf.cast(tf.constant([0, 2]), tf.bool))

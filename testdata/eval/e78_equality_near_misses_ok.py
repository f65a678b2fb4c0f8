"""Comparisons that involve tensors' metadata, not tensors."""
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
model = tf.keras.Sequential([tf.keras.layers.Dense(2)], name="resnet")
if model.name == "resnet":
    print("named model")
if x.dtype == tf.float32:
    print("float input")
if x.shape == (3,):
    print("vector")
if tf.__version__.startswith("2."):
    print("TF2")
same_object = x is x
labels = ["cat", "dog"]
idx = labels.index("dog")

# TF2: the correct conversion. TF2 derives the op seed from the global seed and a
# counter, so the same seed draws other numbers.
import tensorflow as tf

tf.random.set_seed(1)
x = tf.random.normal([3])
print("x", x.numpy())

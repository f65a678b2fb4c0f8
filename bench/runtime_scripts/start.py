import tensorflow as tf
print(tf.constant(1) + 1)

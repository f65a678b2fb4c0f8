"""Local Python containers inside tf.function are fine."""
import tensorflow as tf


@tf.function
def pyramid(image, levels=3):
    outputs = []
    sizes = {}
    current = image
    for level in range(levels):
        sizes[level] = tf.shape(current)
        outputs.append(current)
        current = tf.nn.avg_pool2d(current, 2, 2, "VALID")
    ta = tf.TensorArray(tf.float32, size=levels)
    for i in range(levels):
        ta = ta.write(i, tf.reduce_mean(outputs[i]))
    return ta.stack()


pyramid(tf.ones([1, 16, 16, 1]))

"""Shape helpers that are correct under TF2."""
import tensorflow as tf

x = tf.zeros([4, 10])
first_dim = x.shape.dims[0].value
batch = tf.compat.v1.dimension_value(x.shape[0])
width = x.shape[1] or tf.shape(x)[1]
dims = [d for d in x.shape]
sizes = [tf.compat.v1.dimension_value(d) for d in x.shape]

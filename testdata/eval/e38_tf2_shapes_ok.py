"""Shape handling in TF2 style."""
import tensorflow as tf

x = tf.zeros([8, 32, 32, 3])
batch, height, width, channels = x.shape
flat = tf.reshape(x, [-1, height * width * channels])
dims = x.shape.as_list()
rank = x.shape.rank
known = x.shape.is_fully_defined()
dim0 = x.shape.dims[0].value
for size in x.shape:
    print(size)

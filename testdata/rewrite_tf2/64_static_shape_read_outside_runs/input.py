# Static shapes printed before the values (the tutorial shape): TF1 infers them while the
# graph is built, from the placeholder's shape. TF2 keeps them too: a fetched tensor's is
# its function's output shape (traced for the placeholder's TensorSpec, the same
# inference), a placeholder's is its TensorSpec's, a variable's is its own.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[2, 6])
kernel = tf.Variable(tf.ones([3, 1, 1]))


def conv(inputs, k):
    return tf.squeeze(tf.nn.conv1d(tf.expand_dims(inputs, 2), k, stride=1, padding="VALID"))


y = conv(x, kernel)
pooled = tf.reduce_max(y, axis=1)

sess = tf.Session()
sess.run(tf.global_variables_initializer())
feed = {x: np.arange(12, dtype=np.float32).reshape(2, 6)}
print("input", x.shape.as_list(), "kernel", kernel.get_shape().as_list())
print("conv", y.shape.as_list(), y.get_shape()[1])
print(sess.run(y, feed_dict=feed))
print("pooled", pooled.shape)
print(sess.run(pooled, feed_dict=feed))

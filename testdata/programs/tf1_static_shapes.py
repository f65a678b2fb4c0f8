# modes: tf1
# Static shape inference at graph construction, and construction-time shape errors.
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3])
w = tf.ones([3, 4])
print(tf.matmul(x, w).shape, tf.reduce_sum(x, axis=1).shape, tf.reduce_mean(x).shape)
print(tf.reshape(w, [-1]).shape, tf.reshape(w, [2, -1]).shape, tf.expand_dims(w, 1).shape)
print(tf.concat([w, w], 0).shape, tf.stack([w, w]).shape, tf.transpose(w).shape)
print((x + tf.ones([3])).shape, (w > 0.5).dtype, tf.cast(w, tf.int32).dtype)
print(tf.shape(x).shape, tf.argmax(w, 1).shape, tf.argmax(w, 1).dtype)
u = tf.placeholder(tf.float32)
print(u.shape, (u * 2.0).shape)
u.set_shape([5])
print(u.shape, w.get_shape().as_list(), x.shape.as_list())
try:
    tf.matmul(w, w)
except ValueError:
    print("ValueError matmul")
try:
    tf.ones([2]) + tf.ones([3])
except ValueError:
    print("ValueError add")
try:
    tf.constant(1) + tf.constant(1.0)
except TypeError:
    print("TypeError dtype")

# modes: tf1
# InteractiveSession, Tensor.eval, TensorShape/Dimension in TF1.
import tensorflow as tf

sess = tf.InteractiveSession()
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(x.eval(), tf.reduce_sum(x, axis=1).eval())
print(x.shape, x.get_shape().as_list(), x.shape[0].value, x.shape.ndims)
p = tf.placeholder(tf.float32, [None, 3])
print(p.shape, p.shape[0].value, p.shape[1].value, p.shape.is_fully_defined())
print(tf.TensorShape([None, 4]), tf.TensorShape([2, 3]).num_elements())
print((p * 2.0).eval(feed_dict={p: [[1.0, 1.0, 1.0]]}))
sess.close()

# modes: tf1
# tf.gradients through slicing of a placeholder batch (dynamic first dimension).
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3])
w = tf.Variable([1.0, 2.0, 3.0], name="w")
y = tf.reduce_sum(x[:, 0] * w[0] + x[:, 2] * w[2]) + tf.reduce_sum(w[1:] ** 2)
gx, gw = tf.gradients(y, [x, w])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([gx, gw], {x: [[1.0, 1.0, 1.0], [2.0, 0.0, 4.0]]}))

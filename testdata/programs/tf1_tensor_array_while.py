# modes: tf1
# tf.TensorArray carried through a TF1 tf.while_loop: writes at the loop counter, reads of
# an unstacked input inside the loop (the dynamic_rnn pattern), dynamic_size growth,
# element_shape given up front, size / gather after the loop, gradients through the loop.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [4, 2])
feed = {x: np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [2.0, 4.0]], np.float32)}
w = tf.Variable([[0.5, -1.0], [1.5, 0.25]])

inp = tf.TensorArray(tf.float32, size=4).unstack(x)
out = tf.TensorArray(tf.float32, size=4)


def body(i, h, out):
    h = tf.tanh(tf.matmul(tf.expand_dims(inp.read(i), 0), w) + h)
    return i + 1, h, out.write(i, tf.squeeze(h, 0))


_, h_last, out = tf.while_loop(lambda i, h, o: i < 4, body, [tf.constant(0), tf.zeros([1, 2]), out])
seq = out.stack()
grad = tf.gradients(tf.reduce_sum(seq * seq), w)[0]

dyn = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
_, dyn = tf.while_loop(lambda i, t: i < 5, lambda i, t: (i + 1, t.write(i, i * i)), [0, dyn])
shaped = tf.TensorArray(tf.float32, size=3, element_shape=[2])
_, shaped = tf.while_loop(lambda i, t: i < 3, lambda i, t: (i + 1, t.write(i, tf.fill([2], tf.cast(i, tf.float32)))),
                          [0, shaped])
print(shaped.stack().shape)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([seq, h_last], feed))
    print(sess.run(grad, feed))
    print(sess.run([dyn.stack(), dyn.size()]))
    print(sess.run([shaped.stack(), shaped.size()]))
    print(sess.run(shaped.gather([2, 0])))

# One graph without state run by two sessions in turn: they are one session for the
# conversion (each would start from the same nothing).
import numpy as np
import tensorflow as tf

a = tf.placeholder(tf.float32, [2])
b = tf.constant([[1.0, 2.0], [3.0, 4.0]])
c = tf.matmul(tf.reshape(a, [1, 2]), b)

sess = tf.Session()
print("first", sess.run(c, {a: np.array([1.0, 0.5], np.float32)}))
sess.close()

with tf.Session() as other:
    print("second", other.run(c, feed_dict={a: np.array([2.0, -1.0], np.float32)}))
    print("b", other.run(b).sum())

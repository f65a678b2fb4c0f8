# An InteractiveSession made before the graph, run through `.eval()` (with a feed) and `.run()`
# of the initializer: the default session's runs, as sess.run's.
import numpy as np
import tensorflow as tf

sess = tf.InteractiveSession()

x = tf.placeholder(tf.float32, [None, 2])
w = tf.Variable([[1.0], [-2.0]])
scaled = tf.matmul(x, w) * 0.5
total = tf.reduce_sum(scaled)
I_matrix = tf.eye(3)

tf.global_variables_initializer().run()
print("scaled", scaled.eval(feed_dict={x: np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)}))
print("total", total.eval({x: np.ones([4, 2], dtype=np.float32)}))
print("eye", I_matrix.eval())
print("w", w.eval().tolist())
sess.close()

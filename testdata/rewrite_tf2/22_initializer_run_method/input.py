# Initializers run with their own .run() inside the session block (the default session).
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [3])
scale = tf.Variable(2.0)
shift = tf.Variable(0.5)
out = x * scale + shift
init = tf.variables_initializer([shift])
with tf.Session() as sess:
    tf.global_variables_initializer().run()
    init.run()
    print(sess.run(out, {x: np.array([1.0, 2.0, 3.0], np.float32)}))

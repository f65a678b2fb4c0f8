# Manual batch normalization: tf.nn.moments(keep_dims=...) and batch_normalization.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
data = rng.randn(16, 3).astype(np.float32) * 3 + 1
x = tf.constant(data)
mean, var = tf.nn.moments(x, axes=[0], keep_dims=True)
normed = tf.nn.batch_normalization(x, mean, var, offset=None, scale=None, variance_epsilon=1e-3)
m2, v2 = tf.nn.moments(normed, [0])
with tf.Session() as sess:
    mm, vv = sess.run([m2, v2])
    print("shape", sess.run(tf.shape(mean)).tolist())
    print("mean", np.round(mm.astype(np.float64), 3).tolist())
    print("var", np.round(vv.astype(np.float64), 3).tolist())

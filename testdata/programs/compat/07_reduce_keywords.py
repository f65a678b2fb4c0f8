# TF1 keyword spellings: reduction_indices, keep_dims, dimension, dim, squeeze_dims.
import numpy as np
import tensorflow as tf

x = tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4))
ops = {
    "sum": tf.reduce_sum(x, reduction_indices=[1]),
    "mean": tf.reduce_mean(x, reduction_indices=0, keep_dims=True),
    "max": tf.reduce_max(x, 1, keep_dims=True),
    "argmax": tf.argmax(x, dimension=1),
    "expand": tf.shape(tf.expand_dims(x, dim=0)),
    "squeeze": tf.shape(tf.squeeze(tf.expand_dims(x, 0), squeeze_dims=[0])),
    "softmax": tf.nn.softmax(x, dim=-1)[0],
    "any": tf.reduce_any(x > 10, reduction_indices=1),
}
with tf.Session() as sess:
    out = sess.run(ops)
for k in sorted(out):
    print(k, np.round(np.asarray(out[k], dtype=np.float64), 4).tolist())

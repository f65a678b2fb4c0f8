# A placeholder with a default (fed or not), two tensors from one statement, a dict fetch.
import numpy as np
import tensorflow as tf

batch = tf.placeholder(tf.float32, [None, 3])
scale = tf.placeholder_with_default(1.0, [])
mean, variance = tf.nn.moments(batch * scale, axes=[0])
spread = tf.sqrt(variance)

data = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]], dtype=np.float32)
with tf.Session() as sess:
    stats = sess.run({"mean": mean, "spread": spread}, feed_dict={batch: data})
    print(sorted(stats), stats["mean"].tolist(), np.round(stats["spread"], 4).tolist())
    m, v = sess.run([mean, variance], {batch: data, scale: 2.0})
    print(m.tolist(), v.tolist())

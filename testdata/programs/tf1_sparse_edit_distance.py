# modes: tf1
# tf.SparseTensor with tf.edit_distance (the cookbook's text distances): Levenshtein distance
# per position of all but the last dimension, normalized by the truth's length (inf where the
# truth is empty), the output shaped by the larger of the two dense shapes; a SparseTensor
# fetched as a SparseTensorValue, and densified.
import numpy as np
import tensorflow as tf

h = tf.SparseTensor([[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3], [0, 1, 0], [0, 1, 1]],
                    list("bearab"), [1, 2, 4])
t = tf.SparseTensor([[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3], [0, 0, 4]], list("beers"), [1, 3, 5])
d_raw = tf.edit_distance(h, t, normalize=False)
d_norm = tf.edit_distance(h, t, normalize=True)
print(h.shape, d_raw.shape, h.dtype)
nums = tf.SparseTensor(indices=[[0, 1], [2, 0]], values=[5, 7], dense_shape=[3, 2])
dense = tf.sparse_tensor_to_dense(nums)
with tf.Session() as sess:
    print(sess.run(d_raw).tolist())
    print(sess.run(d_norm).tolist())
    v = sess.run(nums)
    print(type(v).__name__, v.indices.tolist(), v.values.tolist(), v.dense_shape.tolist())
    print(sess.run(dense).tolist())

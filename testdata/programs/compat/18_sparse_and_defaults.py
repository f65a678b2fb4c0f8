# Sparse tensors and placeholder_with_default; sparse_tensor_to_dense is renamed in TF2.
import numpy as np
import tensorflow as tf

sp = tf.SparseTensor(indices=[[0, 1], [2, 3]], values=[5.0, 7.0], dense_shape=[3, 4])
dense = tf.sparse_tensor_to_dense(sp)
summed = tf.sparse_reduce_sum(sp, axis=1)
scale = tf.placeholder_with_default(2.0, [])
out = dense * scale
sp2 = tf.sparse_add(sp, sp)
with tf.Session() as sess:
    print("dense", sess.run(out).tolist())
    print("dense x3", sess.run(out, {scale: 3.0}).tolist())
    print("row sums", sess.run(summed).tolist())
    print("added", sess.run(sp2).values.tolist())

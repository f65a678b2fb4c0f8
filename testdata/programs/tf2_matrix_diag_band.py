# modes: tf2
# tf.linalg.diag off the main diagonal (MatrixDiagV3): one diagonal k, a band k=(lo, hi) in
# both alignments, a given matrix size and padding, integers, and a band of the wrong height.
import tensorflow as tf
d = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(tf.linalg.diag(d, k=1).numpy().tolist())
print(tf.linalg.diag(d, k=-2).numpy().tolist())
band = tf.constant([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]])
print(tf.linalg.diag(band, k=(-1, 1)).numpy().tolist())
print(tf.linalg.diag(band, k=(-1, 1), align="LEFT_RIGHT").numpy().tolist())
print(tf.linalg.diag(band[:, :2], k=(0, 1), num_rows=3, padding_value=-1.0).numpy().tolist())
print(tf.linalg.diag(d, num_rows=3, num_cols=4).numpy().tolist())
print(tf.linalg.diag(tf.constant([1, 2]), k=1, num_cols=4).numpy().tolist())
try:
    tf.linalg.diag(band, k=(-1, 0))
except Exception as e:
    print(type(e).__name__)

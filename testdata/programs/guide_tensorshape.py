# modes: tf2
# Migration guide: TensorShape holds ints in TF2 (no .value); truth value of shapes.
import tensorflow as tf

i = 0
shape = tf.TensorShape([16, None, 256])
print(repr(shape))
value = shape[i]
print(value)
for value in shape:
    print(value)
other_dim = 16
Dimension = tf.compat.v1.Dimension
if shape.rank is None:
    dim = Dimension(None)
else:
    dim = shape.dims[i]
print(dim.is_compatible_with(other_dim))
print(bool(tf.TensorShape([])))      # Scalar
print(bool(tf.TensorShape([0])))     # 0-length vector
print(bool(tf.TensorShape([1])))     # 1-length vector
print(bool(tf.TensorShape([None])))  # Unknown-length vector
print(bool(tf.TensorShape([1, 10, 100])))       # 3D tensor
print(bool(tf.TensorShape([None, None, None])))  # 3D tensor with no known dimensions
print()
print(bool(tf.TensorShape(None)))  # A tensor with unknown rank.
try:
    shape = tf.TensorShape([16, None, 256])
    value = shape[0].value
except AttributeError as e:
    print(e)
try:
    shape = tf.TensorShape([16, None, 256])
    dim = shape[1]
    other_dim = shape[2]
    dim.assert_is_compatible_with(other_dim)
except AttributeError as e:
    print(e)

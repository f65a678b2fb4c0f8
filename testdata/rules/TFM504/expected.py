import tensorflow as tf

# Guide: TensorShape holds ints in TF2.
i = 0
shape = tf.TensorShape([16, None, 256])

value = tf.compat.v1.dimension_value(shape[i])  # expect: TFM504

for dim in shape:
    value = tf.compat.v1.dimension_value(dim)  # expect: TFM504
    print(value)

dim = shape[i]
other_dim = 16
dim.assert_is_compatible_with(other_dim)  # expect: TFM504

# The guide's error demonstrations sit in `try/except AttributeError`, which the
# semantic model treats as a compatibility guard: findings there are dropped.
try:
    # Create a shape and choose an index
    shape = tf.TensorShape([16, None, 256])
    value = shape[0].value  # ok: guarded region
except AttributeError as e:
    # 'int' object has no attribute 'value'
    print(e)

try:
    shape = tf.TensorShape([16, None, 256])
    dim = shape[1]
    other_dim = shape[2]
    dim.assert_is_compatible_with(other_dim)  # ok: guarded region
except AttributeError as e:
    print(e)

# Guide: the TF2 forms.
value = shape[i]  # ok
for value in shape:
    print(value)  # ok
Dimension = tf.compat.v1.Dimension
if shape.rank is None:
    dim = Dimension(None)
else:
    dim = shape.dims[i]
dim.is_compatible_with(other_dim)  # ok: a Dimension from .dims

# Variants that fire.
images = tf.zeros([8, 28, 28, 1])
batch = tf.compat.v1.dimension_value(images.shape[0])  # expect: TFM504
height = tf.compat.v1.dimension_value(images.get_shape()[1])  # expect: TFM504
channels = [tf.compat.v1.dimension_value(d) for d in images.shape]  # expect: TFM504
last = images.shape[-1]
merged = last.merge_with(1)  # expect: TFM504

# Variants that must not fire.
batch2 = images.shape[0]  # ok
dims = images.shape.as_list()  # ok
rank = images.shape.rank  # ok
first = tf.compat.v1.dimension_value(images.shape[0])  # ok
d0 = images.shape.dims[0].value  # ok: .dims keeps Dimension objects
full = images.shape.merge_with([8, 28, 28, 1])  # ok: a TensorShape method

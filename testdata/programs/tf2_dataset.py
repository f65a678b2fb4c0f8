# modes: tf2
# tf.data basics: from_tensor_slices, from_tensors, range, map, batch; eager iteration.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5]).map(lambda x: x * x).batch(2)
for e in ds:
    print(e)
for a, b in tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [3, 4])):
    print(a.numpy(), b.numpy())
print([int(x) for x in tf.data.Dataset.range(3)])
for t in tf.data.Dataset.from_tensors([1, 2]):
    print(t)


@tf.function
def total(ds):
    s = tf.constant(0)
    for x in ds:
        s += x
    return s


print(total(tf.data.Dataset.from_tensor_slices([1, 2, 3])))

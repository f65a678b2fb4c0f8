# modes: tf2
# AutoGraph over datasets and tf.print inside tf.function (prints on every call, not
# only while tracing); Dataset repeat/take/prefetch/zip/filter and an order-insensitive
# shuffle.
import sys

import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0, 4.0], [0, 1, 0, 1]))


@tf.function
def weighted(d):
    total = tf.constant(0.0)
    count = 0
    for x, y in d:
        total += x * tf.cast(y, tf.float32)
        count += 1
    tf.print("weighted total", total, "over", count, output_stream=sys.stdout)
    return total, count


print([t.numpy() for t in weighted(ds)])
print([t.numpy() for t in weighted(ds.repeat(2).take(6))])
print([t.numpy() for t in weighted(ds.batch(3).unbatch().prefetch(1))])


@tf.function
def batched_sum(d):
    acc = tf.zeros([2])
    for b in d:
        acc += tf.reduce_sum(b, axis=0)
    return acc


pairs = tf.data.Dataset.from_tensor_slices([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(batched_sum(pairs.batch(2)).numpy())
shuffled = tf.data.Dataset.range(20).shuffle(8, seed=7)
print(sorted(int(x) for x in shuffled) == list(range(20)), int(sum(int(x) for x in shuffled)))
evens = tf.data.Dataset.range(10).filter(lambda x: x % 2 == 0)
print([int(x) for x in evens])
zipped = tf.data.Dataset.zip((tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)))
print([(int(a), int(b)) for a, b in zipped])
print([int(x) for x in tf.data.Dataset.range(5).skip(2)])


@tf.function
def count_calls(x):
    tf.print("call with", x)
    return x + 1


for i in range(3):
    count_calls(tf.constant(i))
print("calls done")

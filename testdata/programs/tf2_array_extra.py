# modes: tf2
# Array and math ops beyond the first cut, eagerly and in tf.function, with tape gradients:
# reverse, roll, segment reductions, linspace, cumprod, unique, bincount, searchsorted,
# tensor scatters, histogram_fixed_width, tensordot, meshgrid, count_nonzero, in_top_k,
# confusion_matrix, atan2, truncatediv, rint, expm1, selu, relu6, weighted cross entropy.
import numpy as np
import tensorflow as tf

x = tf.constant([[1.0, -2.0, 3.0], [0.5, 4.0, -1.5], [2.0, 2.0, 0.0], [-3.0, 1.0, 5.0]])
ids = tf.constant([0, 0, 2, 2])


def ops_of(x):
    return [tf.reverse(x, [1]), tf.roll(x, 2, 0), tf.math.segment_sum(x, ids), tf.math.segment_mean(x, ids),
            tf.math.segment_max(x, ids), tf.math.unsorted_segment_sum(x, tf.constant([1, -1, 1, 0]), 3),
            tf.math.unsorted_segment_max(x, tf.constant([1, 2, 1, 0]), 4), tf.math.cumprod(x, axis=1, reverse=True),
            tf.linspace(0.0, 1.0, 5), tf.unique(tf.constant([3, 3, 1, 2, 1])).idx,
            tf.math.bincount(tf.constant([2, 0, 2, 5]), minlength=3, maxlength=4),
            tf.searchsorted(tf.constant([1.0, 2.0, 3.0]), tf.constant([2.5, 0.0, 3.0])),
            tf.tensor_scatter_nd_update(x, [[0, 1]], [100.0]), tf.tensor_scatter_nd_add(x, [[3]], [[1.0, 1.0, 1.0]]),
            tf.histogram_fixed_width(x, [0.0, 3.0], nbins=3),
            tf.tensordot(x, tf.ones([3, 2]), axes=[[1], [0]]), tf.tensordot(x[0], x[1], axes=0),
            tf.meshgrid(tf.range(2), tf.range(3))[0], tf.math.count_nonzero(x > 1.0, axis=0),
            tf.math.in_top_k(tf.constant([0, 1, 2, 0]), x, 1), tf.math.confusion_matrix([1, 2, 2], [1, 0, 2]),
            tf.math.atan2(x, 2.0), tf.truncatediv(tf.constant([-7, 9]), 2), tf.math.rint(x * 0.75),
            tf.math.expm1(x), tf.nn.selu(x), tf.nn.relu6(x * 2.0),
            tf.nn.weighted_cross_entropy_with_logits(labels=tf.ones_like(x) * 0.25, logits=x, pos_weight=3.0)]


for a in ops_of(x):
    print(a)
fn = tf.function(ops_of)
for a, b in zip(ops_of(x), fn(x)):
    print(np.allclose(a.numpy(), b.numpy()), b.dtype, b.shape)

w = tf.Variable(x)
with tf.GradientTape(persistent=True) as tape:
    losses = [tf.reduce_sum(tf.reverse(w, [0]) * tf.range(3.0)), tf.reduce_sum(tf.roll(w, 1, 1) ** 2),
              tf.reduce_sum(tf.math.segment_sum(w, ids) ** 2), tf.reduce_sum(tf.math.segment_max(w, ids)),
              tf.reduce_sum(tf.math.unsorted_segment_sum(w, tf.constant([1, -1, 1, 0]), 2) ** 2),
              tf.reduce_sum(tf.math.cumprod(w, axis=0)), tf.reduce_sum(tf.tensordot(w, w, [[0], [0]])),
              tf.reduce_sum(tf.tensor_scatter_nd_update(w, [[1]], [[0.0, 0.0, 0.0]]) ** 2),
              tf.reduce_sum(tf.math.atan2(w, 2.0)), tf.reduce_sum(tf.nn.selu(w)), tf.reduce_sum(tf.nn.relu6(w * 2.0))]
for l in losses:
    print(tape.gradient(l, w))


@tf.function
def grad_in_function(v):
    with tf.GradientTape() as t:
        t.watch(v)
        y = tf.reduce_sum(tf.math.segment_mean(v, ids) ** 2) + tf.reduce_sum(tf.math.expm1(tf.reverse(v, [1])))
    return t.gradient(y, v)


print(grad_in_function(x))
try:
    tf.math.segment_sum(tf.constant([1.0, 2.0]), tf.constant([1, 0]))
except tf.errors.InvalidArgumentError:
    print("InvalidArgumentError")

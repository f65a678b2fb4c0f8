# modes: tf1
# Array and math ops beyond the first cut in a TF1 graph: reverse, roll, segment reductions
# (sorted and unsorted), linspace, cumprod, unique, setdiff1d, bincount, invert_permutation,
# searchsorted, batch_gather, tensor scatters, histogram_fixed_width, tensordot, meshgrid,
# count_nonzero, in_top_k, confusion_matrix, atan2, truncatediv, rint, expm1, selu, relu6,
# weighted cross entropy; static shapes, gradients and runtime errors.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3])
feed = {x: np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.5], [2.0, 2.0, 0.0], [-3.0, 1.0, 5.0]], np.float32)}
v = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3) / 4.0 - 1.0)
ids = tf.constant([0, 0, 2, 2])
uids = tf.constant([1, -1, 1, 0])

r = tf.reverse(x, axis=[1])
r2 = tf.reverse_v2(v, [0, 1])
rl = tf.roll(x, shift=[1, -1], axis=[0, 1])
ss, sm, sx, smin, sp = (tf.segment_sum(v, ids), tf.segment_mean(v, ids), tf.segment_max(x, ids),
                        tf.segment_min(x, ids), tf.segment_prod(x, ids))
us, ux = tf.unsorted_segment_sum(v, uids, 3), tf.unsorted_segment_max(x, uids, 3)
print(r.shape, rl.shape, ss.shape, us.shape, ux.shape)
ls = tf.linspace(-1.0, 2.0, 7)
cp = tf.cumprod(v, axis=1)
cp2 = tf.cumprod(x, axis=0, exclusive=True, reverse=True)
u = tf.unique(tf.constant([4, 1, 4, 2, 1, 7]))
sd = tf.setdiff1d([5, 1, 3, 1, 9], [1, 9])
bc = tf.bincount(tf.constant([1, 1, 3, 0, 3, 3]))
bcw = tf.bincount(tf.constant([1, 1, 3]), weights=tf.constant([0.5, 1.0, 2.0]), minlength=6)
ip = tf.invert_permutation([2, 0, 3, 1])
srt = tf.searchsorted(tf.constant([[1.0, 2.0, 3.0, 5.0], [0.0, 0.5, 0.5, 1.0]]),
                      tf.constant([[2.0, 4.0], [0.5, -1.0]]), side="left")
srt_r = tf.searchsorted(tf.constant([1.0, 2.0, 2.0, 5.0]), tf.constant([2.0, 6.0]), side="right")
bg = tf.batch_gather(v, tf.constant([[2, 0], [1, 1], [0, 2], [2, 2]]))
tsu = tf.tensor_scatter_nd_update(v, [[1], [3]], tf.constant([[9.0, 9.0, 9.0], [7.0, 7.0, 7.0]]))
tsa = tf.tensor_scatter_nd_add(v, [[0, 1], [2, 2], [0, 1]], tf.constant([1.0, 2.0, 3.0]))
hist = tf.histogram_fixed_width(tf.reshape(x, [-1]), [-2.0, 4.0], nbins=4)
td = tf.tensordot(v, tf.constant([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]]), axes=1)
td3 = tf.tensordot(tf.reshape(tf.range(24.0), [2, 3, 4]), tf.reshape(tf.range(12.0), [4, 3]), axes=[[1, 2], [1, 0]])
mx, my = tf.meshgrid(tf.range(3), tf.range(2) * 10)
mi, mj = tf.meshgrid(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]), indexing="ij")
cnz = tf.count_nonzero(x, axis=1)
cnz_all = tf.count_nonzero(tf.constant([[0, 1], [2, 0]]), keepdims=True)
itk = tf.nn.in_top_k(x, tf.constant([2, 1, 0, 0]), 2)
cm = tf.confusion_matrix([0, 1, 2, 1, 2], [0, 2, 2, 1, 0])
cmw = tf.confusion_matrix([0, 1, 1], [1, 1, 0], num_classes=3, weights=[1.0, 2.0, 0.5], dtype=tf.float32)
print(td.shape, td3.shape, mx.shape, mi.shape, cnz.shape, itk.shape, ls.shape, u.y.shape, bc.shape, hist.shape)
at = tf.atan2(x, tf.constant([1.0, -2.0, 0.5]))
tdv = tf.truncatediv(tf.constant([-7, 7, -8, 9]), tf.constant([2, -2, 3, 4]))
rn = tf.rint(tf.constant([0.5, 1.5, 2.5, -0.5, -1.7, 3.2]))
em = tf.expm1(x * 0.1)
se, r6 = tf.nn.selu(x), tf.nn.relu6(x * 2.0)
wx = tf.nn.weighted_cross_entropy_with_logits(targets=tf.constant([[0.0, 1.0, 1.0]] * 4), logits=x, pos_weight=2.5)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([r, r2, rl], feed))
    print(sess.run([ss, sm, sx, smin, sp], feed))
    print(sess.run([us, ux], feed))
    print(sess.run([ls, cp, cp2], feed))
    print(sess.run([u, sd]))
    print(sess.run([bc, bcw, ip, srt, srt_r]))
    print(sess.run([bg, tsu, tsa, hist], feed))
    print(sess.run([td, td3, mx, my, mi, mj]))
    print(sess.run([cnz, cnz_all, itk, cm, cmw], feed))
    print(sess.run([at, tdv, rn, em, se, r6, wx], feed))

# gradients of the differentiable ones with respect to the variable
w = tf.Variable(np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.5], [2.0, 2.0, 0.5], [-3.0, 1.0, 5.0]], np.float32))
terms = [tf.reverse(w, [0]) * tf.range(12.0, dtype=tf.float32)[:3], tf.roll(w, 1, 1) ** 2,
         tf.segment_sum(w, ids) * 2.0, tf.segment_mean(w, ids) ** 2, tf.segment_max(w, ids),
         tf.unsorted_segment_sum(w, uids, 3) ** 2, tf.unsorted_segment_max(w, uids, 2),
         tf.cumprod(w, axis=0), tf.cumprod(w, axis=1, exclusive=True),
         tf.batch_gather(w, tf.constant([[2, 0], [1, 1], [0, 2], [2, 2]])) * 3.0,
         tf.tensor_scatter_nd_update(w, [[0, 0]], [10.0]) * w, tf.tensor_scatter_nd_add(w * 2.0, [[1]], [[1.0, 2.0, 3.0]]) ** 2,
         tf.tensordot(w, tf.constant([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]]), 1) ** 2,
         tf.atan2(w, w * 0.5 + 3.0), tf.expm1(w * 0.2), tf.nn.selu(w), tf.nn.relu6(w * 2.0),
         tf.nn.weighted_cross_entropy_with_logits(targets=tf.ones_like(w) * 0.3, logits=w, pos_weight=2.0)]
gs = [tf.gradients(tf.reduce_sum(t), w)[0] for t in terms]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for g in gs:
        print(sess.run(g))

# runtime errors
with tf.Session() as sess:
    for bad in [tf.segment_sum(tf.constant([1.0, 2.0]), tf.constant([1, 0])),
                tf.invert_permutation([0, 0, 1]),
                tf.unsorted_segment_sum(tf.constant([1.0, 2.0]), tf.constant([0, 5]), 3)]:
        try:
            sess.run(bad)
        except tf.errors.InvalidArgumentError as e:
            print("InvalidArgumentError")

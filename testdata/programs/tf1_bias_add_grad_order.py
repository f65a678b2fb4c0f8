# modes: tf1
# tf.nn.bias_add is TensorFlow's BiasAdd op and its gradient BiasAddGrad, whose sums over
# the rows follow TF 2.21's CPU kernel (redux_functor.h): one running sum per channel for
# small inputs; above Eigen's cost threshold (about 124000 float values) the rows split into
# one block per intra-op thread, each summed on its own, the blocks then added in order.
# NCHW adds Eigen sums of each channel's inner rows. The session fixes two intra-op threads,
# so the split is the same on every machine. tf.layers.dense adds its bias with BiasAdd.
# Digests are of the exact bits.
import hashlib

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)
cases = [((64, 10), None), ((16, 10), None), ((300, 100), None), ((64, 1000), None), ((8, 5, 5, 16), None),
         ((4, 9, 9, 33), None), ((13000, 10), None), ((12300, 10), None), ((20000, 7), None), ((2049, 64), None),
         ((4, 6, 5, 5), "NCHW"), ((2, 3, 40000), "NCHW"), ((40, 30, 700), "NCHW")]
runs = []
for shape, fmt in cases:
    for dt in (tf.float32, tf.float64):
        g = tf.placeholder(dt, shape)
        b = tf.Variable(np.zeros(shape[1] if fmt == "NCHW" else shape[-1], dt.as_numpy_dtype))
        y = tf.nn.bias_add(g, b, data_format=fmt)
        gb = tf.gradients(y, b, grad_ys=g)[0]
        runs.append((shape, fmt, dt, g, (rng.randn(*shape) * 100).astype(dt.as_numpy_dtype), y, gb))
x = tf.placeholder(tf.float32, [None, 3])
d = tf.layers.dense(x, 4, kernel_initializer=tf.constant_initializer(0.5), bias_initializer=tf.constant_initializer(-0.2))
dgrads = tf.gradients(tf.reduce_sum(d * d), tf.trainable_variables()[-2:])
print(d.op.type, d.op.name, [t.op.type for t in dgrads], [t.shape.as_list() for t in dgrads])
with tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2)) as sess:
    sess.run(tf.global_variables_initializer())
    for shape, fmt, dt, g, v, y, gb in runs:
        out, grad = sess.run([y, gb], {g: v})
        print(shape, fmt, dt.name, y.op.type, gb.op.type, gb.shape.as_list(),
              hashlib.md5(out.tobytes()).hexdigest()[:12], hashlib.md5(grad.tobytes()).hexdigest()[:12])
    print(sess.run(dgrads, {x: rng.randn(5, 3).astype(np.float32)}))

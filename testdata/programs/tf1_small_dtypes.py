# modes: tf1
# The narrow dtypes TF1 programs use (image bytes as uint8, int8/int16 labels and codes,
# float16 activations): constants, placeholders fed with lists and NumPy arrays, casts
# both ways (wrapping, truncating and rounding as TensorFlow's Cast does), variables,
# elementwise arithmetic and comparisons, integer reductions, float16 elementwise math
# rounded per op, and dtype names and limits.
import numpy as np
import tensorflow as tf

vals = tf.constant([1.7, -2.2, 300.0, 65504.0, 1e-5])
for dt in (tf.int8, tf.int16, tf.uint8, tf.float16):
    c = tf.constant([1, 2, 3], dtype=dt)
    p = tf.placeholder(dt, [None], name="p_" + dt.name)
    v = tf.Variable(tf.ones([3], dtype=dt), name="v_" + dt.name)
    x = tf.cast(vals, dt)
    back = tf.cast(x, tf.float32)
    s = c + p
    ops = [c, x, back, s, c * p, p - c, tf.maximum(c, p), tf.equal(c, p), tf.less(c, p),
           tf.square(c), v.assign_add(c), tf.cast(tf.constant([True, False]), dt)]
    if dt != tf.uint8:   # Neg and Abs have no uint8 kernel in TensorFlow
        ops.append(tf.abs(-c))
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        out = sess.run(ops, {p: np.array([4, 2, 6])})
        print(dt.name, dt.is_integer, dt.is_floating, dt.size, x.dtype, s.shape)
        for o in out:
            print(" ", repr(o))
        print(" ", sess.run(s, {p: [1, 1, 1]}).dtype)
        if dt.is_integer:
            print(" ", dt.min, dt.max, sess.run([tf.reduce_sum(c), tf.reduce_max(p), tf.reduce_min(c), tf.reduce_prod(c)],
                                            {p: [7, 8, 9]}))
            print(" ", sess.run([c // p, c % p], {p: [2, 2, 2]}))

h = tf.constant([0.1, 1.0 / 3.0, 2.0, 1000.0], dtype=tf.float16)
g = tf.placeholder(tf.float16)
with tf.Session() as sess:
    print(sess.run([h, h * h, h / 3.0, h + g, tf.sqrt(h), tf.exp(h), tf.nn.relu(h - 1.0), tf.sigmoid(h), tf.tanh(h)],
                   {g: np.float16(0.5)}))
    print(sess.run(tf.cast(h, tf.float64)).tolist(), sess.run(tf.cast(h, tf.int32)))
    u = tf.cast(tf.constant(np.arange(250, 260)), tf.uint8)
    print(sess.run([u, tf.cast(u, tf.int8), tf.cast(u, tf.float32) / 255.0]))

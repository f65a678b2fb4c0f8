# modes: tf1 tf2
# Further ops of TF1 programs: tf.scan (with and without an initializer, reverse, tuple
# state, over a placeholder's unknown first dimension and in a tf.function), tf.math.cumprod
# (exclusive, reverse, its gradient), tf.random_crop with TensorFlow's offsets for a seed,
# tf.strings.substr / join / as_string (TF1 tf.substr, tf.string_join, tf.as_string) and
# tf.to_int32 / to_int64 / to_double.
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0, 4.0])
m = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
scans = [tf.scan(lambda a, v: a + v, x),
         tf.scan(lambda a, v: a * v, x, initializer=tf.constant(2.0)),
         tf.scan(lambda a, v: a + v, x, reverse=True),
         tf.scan(lambda a, v: (a[0] + v, a[1] * v), x, initializer=(tf.constant(0.0), tf.constant(1.0))),
         tf.scan(lambda a, r: a + r, m)]
cps = [tf.math.cumprod(x), tf.math.cumprod(x, exclusive=True), tf.math.cumprod(m, axis=1, reverse=True),
       tf.math.cumprod(tf.constant([[2, 3], [4, 5]]), axis=0)]
strs = [tf.strings.substr(tf.constant(["tensorflow", "migrate"]), 2, 4),
        tf.strings.substr(tf.constant("hello"), -3, 2),
        tf.strings.join([tf.constant(["a", "b"]), tf.constant("x")], separator="-"),
        tf.strings.as_string(tf.constant([1.5, -2.25]), precision=3),
        tf.strings.as_string(tf.constant([7, -42]), width=5),
        tf.strings.as_string(tf.constant([True, False])),
        tf.strings.as_string(tf.constant([1e-7, 123456.0], tf.float64), shortest=True)]
if tf.executing_eagerly():
    for t in scans + cps:
        print(tf.nest.map_structure(lambda v: v.numpy().tolist(), t))
    for t in strs:
        print(np.asarray(t.numpy()).tolist())
    try:
        tf.strings.substr(tf.constant(["hello", "ab"]), 3, 1)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, "pos 3 out of range for string b'ab' at index 1" in e.message)
    v = tf.Variable([1.0, 2.0, 0.5])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.math.cumprod(v) * tf.constant([1.0, -1.0, 2.0]))
    print(tape.gradient(y, v).numpy().tolist())

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def running_max(s):
        return tf.scan(lambda a, b: tf.maximum(a, b), s)

    print(running_max(tf.constant([1.0, 3.0, 2.0, 5.0, 4.0])).numpy().tolist())
    tf.random.set_seed(5)
    print(tf.image.random_crop(tf.reshape(tf.range(16), [4, 4]), [2, 3], seed=6).numpy().tolist())
    print(tf.compat.v1.random_crop(tf.reshape(tf.range(16), [4, 4]), [2, 3], seed=6).numpy().tolist())
else:
    p = tf.placeholder(tf.float32, [None])
    run_sum = tf.scan(lambda a, v: a + v, p)
    run_rev = tf.scan(lambda a, v: a * 2.0 + v, p, initializer=tf.constant(0.0), reverse=True)
    pm = tf.placeholder(tf.float32, [None, 2])
    rows = tf.scan(lambda a, r: a + r, pm)
    print(run_sum.shape, run_rev.shape, rows.shape)
    cv = tf.Variable([1.0, 2.0, 0.5])
    g = tf.gradients(tf.reduce_sum(tf.cumprod(cv) * tf.constant([1.0, -1.0, 2.0])), cv)
    tf.set_random_seed(5)
    crops = [tf.random_crop(tf.reshape(tf.range(16), [4, 4]), [2, 2], seed=6),
             tf.random_crop(tf.reshape(tf.range(24), [2, 3, 4]), [1, 2, 2])]
    casts = [tf.to_int32(tf.constant([1.7, -2.2])), tf.to_int64(tf.constant([3.9])), tf.to_double(tf.constant([1, 2]))]
    olds = [tf.substr(tf.constant("tensorflow"), 3, 4), tf.string_join(["a", "b", "c"], separator="-"),
            tf.as_string(tf.constant([1.5, 2.25]), precision=2)]
    print(crops[0].shape, casts[2].dtype, olds[1].shape)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(sess.run(scans + cps + strs))
        print(sess.run([run_sum, run_rev, rows], {p: [1.0, 2.0, 3.0], pm: [[1, 2], [3, 4]]}))
        print(sess.run(g), sess.run(casts), sess.run(olds))
        for _ in range(2):
            print(sess.run(crops))

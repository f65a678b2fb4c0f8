# modes: tf1 tf2
# tf.map_fn over a first dimension unknown while the graph is built: a TF1 placeholder of
# shape [None, ...] (single tensor, tuple elements, dtype= for another output dtype, a
# nested output, an empty batch, gradients through the loop) and a tf.function with a None
# dimension in its input_signature (fn_output_signature, retracing not needed per batch).
import numpy as np
import tensorflow as tf

if not tf.executing_eagerly():
    x = tf.placeholder(tf.float32, [None, 3])
    ids = tf.placeholder(tf.int64, [None])
    w = tf.Variable([1.0, 2.0, 3.0])
    sq = tf.map_fn(lambda r: tf.reduce_sum(r * r * w), x)
    pair = tf.map_fn(lambda t: (t[0] + 1.0, t[1] * 2.0), (x, x))
    arg = tf.map_fn(lambda r: tf.cast(tf.argmax(r), tf.int32), x, dtype=tf.int32)
    outer = tf.map_fn(lambda r: tf.stack([r, r * 10.0]), x)
    doubled = tf.map_fn(lambda i: i * 2, ids)
    grads = tf.gradients(tf.reduce_sum(sq), [x, w])
    print(sq.shape, pair[0].shape, arg.shape, arg.dtype, outer.shape, doubled.shape, doubled.dtype)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        feed = {x: [[1, 2, 3], [4, 5, 6]], ids: [3, 1, 4, 1, 5]}
        print(sess.run([sq, pair, arg, outer, doubled], feed))
        print(sess.run(grads, feed))
        print(sess.run([sq, outer], {x: np.ones([5, 3])}))
        e_sq, e_outer = sess.run([sq, outer], {x: np.zeros([0, 3])})
        print(e_sq.shape, e_outer.shape)
else:
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def spread(x):
        y = tf.map_fn(lambda r: tf.reduce_max(r) - tf.reduce_min(r), x)
        z = tf.map_fn(lambda r: (r[0], tf.cast(r[1] > 1.0, tf.int32)), x, fn_output_signature=(tf.float32, tf.int32))
        print("traced", y.shape, z[0].shape, z[1].shape)
        return y, z

    print(tf.nest.map_structure(lambda t: t.numpy().tolist(), spread(tf.constant([[1.0, 3.0], [2.0, 0.5], [4.0, 4.0]]))))
    print(tf.nest.map_structure(lambda t: t.numpy().tolist(), spread(tf.constant([[0.0, 2.0]]))))

    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def table(v):
        return tf.map_fn(lambda i: tf.range(3) * i, v)

    print(table(tf.constant([1, 2])).numpy().tolist(), table(tf.constant([], tf.int32)).shape)
    w = tf.Variable([0.5, -1.0])

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def loss_grad(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.map_fn(lambda r: tf.reduce_sum(r * w) ** 2, x))
        return loss, tape.gradient(loss, w)

    print([t.numpy().tolist() for t in loss_grad(tf.constant([[1.0, 2.0], [3.0, -1.0]]))])

# modes: tf1 tf2
# tf.slice (the Slice op: -1 sizes, a placeholder of unknown shape, its gradient, a size
# past the end), TF1's tf.floor_div and tf.scalar_mul, which the cookbook's genetic
# algorithm, Stanford CS20's simple_tf and the Packt cookbook reach. A begin past a static
# dimension under a -1 size fails while the graph is built (ValueError from the shape function),
# as tf-slim's losses count on when the weights have a higher rank than the losses.
import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
tf1.disable_eager_execution()
x = tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
a = tf.slice(x, [0, 1, 1], [2, 2, -1])
p = tf1.placeholder(tf.float32, [None, 4])
b = tf.slice(p, [1, 0], [-1, 2])
print(a.shape.as_list(), b.shape.as_list(), a.op.type)
(g,) = tf1.gradients(tf.reduce_sum(a * a), [x])
with tf1.Session() as sess:
    print(sess.run(a).tolist())
    print(sess.run(b, {p: np.ones([3, 4], np.float32)}).tolist())
    print(sess.run(g).tolist())
    print(sess.run(tf1.floor_div(tf.constant([7, -7, 9]), tf.constant([2, 2, -4]))).tolist())
    print(sess.run(tf.scalar_mul(3, tf.constant([1.5, -2.0]))).tolist(), tf.math.scalar_mul(2.0, x).op.type)
    try:
        tf.scalar_mul([1.0, 2.0], x)
    except ValueError:
        print("ValueError")
    try:
        sess.run(tf.slice(p, [1, 0], [5, 2]), {p: np.ones([3, 4], np.float32)})
    except tf.errors.InvalidArgumentError:
        print("InvalidArgumentError")
    try:
        tf.slice(tf.shape(tf.constant([1.0, 2.0, 3.0])), [2], [-1])
    except ValueError as e:
        print("ValueError", str(e).split(" for ")[0])
    print(tf.slice(p, [1, 2], [-1, -1]).shape.as_list(), tf.slice(x, [2, 0, 0], [-1, 1, 1]).shape.as_list())

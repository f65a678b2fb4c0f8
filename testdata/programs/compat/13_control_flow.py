# tf.cond, tf.while_loop, tf.case and control dependencies in a graph.
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
branch = tf.cond(x > 0, lambda: x * 2.0, lambda: -x)
i0 = tf.constant(0)
s0 = tf.constant(0.0)
_, total = tf.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s + tf.to_float(i) * x), [i0, s0])
v = tf.Variable(1.0)
with tf.control_dependencies([tf.assign(v, 5.0)]):
    after = tf.identity(v) + 1.0
pick = tf.case([(tf.less(x, 0.0), lambda: tf.constant(-1)), (tf.equal(x, 0.0), lambda: tf.constant(0))],
               default=lambda: tf.constant(1))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for val in [-2.0, 0.0, 3.0]:
        print(val, [v.item() for v in sess.run([branch, total, pick], {x: val})])
    print("after", sess.run(after))

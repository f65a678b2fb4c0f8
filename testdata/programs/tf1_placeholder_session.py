# modes: tf1
# Placeholders, feeds by tensor and by name, nested fetches, TF graph naming.
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[None, 2], name="x")
y = tf.placeholder(tf.float32, name="y")
s = x + y
s2 = x + y
with tf.name_scope("layer"):
    m = tf.reduce_sum(x * 2.0)
    m2 = tf.identity(m, name="out")
print(x, y)
print(s.name, s2.name, m.name, m2.name)
print(s.shape, m.shape)
d = tf.placeholder_with_default(tf.constant(3.0), shape=[], name="d")
g = tf.get_default_graph()
print(g.get_tensor_by_name("layer/out:0") is m2, g.get_operation_by_name("add").type)
with tf.Session() as sess:
    print(sess.run(s, feed_dict={x: [[1.0, 2.0]], y: 10.0}))
    print(sess.run(s, feed_dict={"x:0": [[1.0, 2.0], [3.0, 4.0]], "y:0": 1.0}))
    out = sess.run({"sum": s, "pair": (m, m2), "list": [d]}, feed_dict={x: [[1.0, 1.0]], y: 0.0})
    print(sorted(out.keys()), out["pair"], out["list"])
    print(sess.run(d), sess.run(d, {d: 5.0}))
    print(m.eval(feed_dict={x: [[2.0, 2.0]]}))
    try:
        sess.run(s, feed_dict={x: [[1.0, 2.0]]})
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError")
    try:
        sess.run(s, feed_dict={x: [1.0, 2.0, 3.0], y: 1.0})
    except ValueError as e:
        print("ValueError")
print(sess._closed if hasattr(sess, "_closed") else True)

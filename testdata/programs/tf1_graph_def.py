# modes: tf1
# GraphDef printed as text (tf.Graph.as_graph_def, Operation.node_def, Session.graph_def):
# TF's attr order, OpDef defaults, inferred type attrs, tensor encodings, and the node names
# TF's op functions give their helper ops (truediv/Cast, Reshape/shape, zeros_like, ...).
import tensorflow as tf

g = tf.Graph()
with g.as_default():
    p = tf.placeholder(tf.float32, [None, 3], name="p")
    q = tf.placeholder(tf.int32, name="q")
    c = tf.constant([[0.1, -2.5, 3e-8]], name="c")
    s = tf.constant(["a\"b", "tab\there", "\x01\xff"], name="s")
    b = tf.constant([True, False], name="b")
    i64 = tf.constant([1, 2 ** 40], dtype=tf.int64, name="i64")
    h = tf.constant([1.5, -0.25], dtype=tf.float16, name="h")
    d = tf.constant(0.1, dtype=tf.float64, name="d")
    y = p * c
    z = y / 4
    w = tf.truediv(q, 3)
    r = tf.reshape(p, [-1])
    r0 = tf.reshape(tf.constant([7]), [])
    zs = tf.zeros([2, 2])
    big = tf.ones([40, 40], dtype=tf.int32)
    zl = tf.zeros_like(c)
    ol = tf.ones_like(c)
    fl = tf.fill([3], 2.0)
    sq = tf.squeeze(tf.constant([[1.0], [2.0]]), axis=[1])
    u, idx = tf.unique(tf.constant([3, 1, 3]))
    e = tf.identity(idx)
    k = tf.add(idx, e, name="k")
    td = tf.tensordot(tf.constant([[1.0, 2.0]]), tf.constant([[3.0], [4.0]]), 1)
    fd = tf.floordiv(tf.constant([7, 8]), tf.constant(2))
    print(g.as_graph_def())
    print(k.op.node_def)
    print(len(g.as_graph_def().node), [n.name for n in g.as_graph_def().node][:5])
    with tf.Session() as sess:
        print(sess.run(k), sess.run(td), sess.run(ol), sess.run(z, {p: [[1, 2, 3]]}))
        print(len(str(sess.graph_def)) == len(str(g.as_graph_def())))

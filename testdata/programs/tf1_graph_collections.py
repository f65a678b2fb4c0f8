# modes: tf1
# Graphs: as_default, default graph, reset, lookup by name, control dependencies, group.
import tensorflow as tf

g = tf.Graph()
with g.as_default():
    a = tf.constant(2, name="a")
    b = tf.multiply(a, 3, name="b")
    print(tf.get_default_graph() is g, b.graph is g, a.name, b.op.name, b.op.type)
print(tf.get_default_graph() is g)
c = tf.Variable(0, name="c")
inc = tf.assign_add(c, 1)
with tf.control_dependencies([inc]):
    d = tf.identity(c) * 10
noop = tf.no_op(name="nothing")
grp = tf.group(inc, noop)
tf.add_to_collection("things", d)
print(len(tf.get_collection("things")), tf.get_collection("things")[0] is d)
print(tf.get_default_graph().get_operation_by_name("nothing").type)
print([op.name for op in tf.get_default_graph().get_operations()][:4])
with tf.Session() as sess:
    sess.run(c.initializer)
    print(sess.run(d), sess.run(d))
    sess.run(grp)
    print(sess.run(c))
with tf.Session(graph=g) as s2:
    print(s2.run(b), s2.run("b:0"), s2.run(g.get_tensor_by_name("a:0")))
tf.reset_default_graph()
print(len(tf.get_default_graph().get_operations()))
try:
    tf.get_default_graph().get_tensor_by_name("b:0")
except KeyError:
    print("KeyError")

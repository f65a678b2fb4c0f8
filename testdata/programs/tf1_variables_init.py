# modes: tf1
# Ref variables: uninitialized use, initializers, assign ops, collections, variable scopes.
import tensorflow as tf

v = tf.Variable(1.0, name="v")
w = tf.Variable([1, 2, 3], name="w")
c = tf.Variable(5.0, trainable=False, name="counter")
print(v, v.name, w.shape, v.dtype)
print([x.name for x in tf.global_variables()], [x.name for x in tf.trainable_variables()])
inc = tf.assign_add(c, 1.0)
upd = v.assign(v * 3.0)
with tf.variable_scope("model"):
    k = tf.get_variable("k", shape=[2], initializer=tf.ones_initializer())
    z = tf.get_variable("z", shape=[], initializer=tf.constant_initializer(0.5))
with tf.variable_scope("model", reuse=True):
    k2 = tf.get_variable("k")
with tf.variable_scope("auto", reuse=tf.AUTO_REUSE):
    a1 = tf.get_variable("a", shape=[], initializer=tf.zeros_initializer())
    a2 = tf.get_variable("a", shape=[])
print(k.name, k2 is k, a1 is a2, z.name)
try:
    with tf.variable_scope("model"):
        tf.get_variable("k", shape=[2])
except ValueError as e:
    print("ValueError", str(e).split(".")[0])
tf.add_to_collection("my", v)
print(len(tf.get_collection("my")), len(tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES)))
with tf.Session() as sess:
    try:
        sess.run(v)
    except tf.errors.FailedPreconditionError:
        print("FailedPreconditionError")
    sess.run(tf.global_variables_initializer())
    print(sess.run([v, w, c, k, z]))
    print(sess.run(upd), sess.run(upd), sess.run(inc), sess.run(inc))
    sess.run(tf.variables_initializer([v]))
    print(sess.run(v), v.eval())
    sess.run(tf.assign(w, [7, 8, 9]))
    sess.run(tf.assign_sub(c, 2.0))

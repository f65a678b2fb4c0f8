# modes: tf1
# Session.run misuse raises TF's errors: bad feed shape, None fetch, closed session,
# a tensor from another graph, fetching by op name.
import tensorflow as tf

x = tf.placeholder(tf.float32, [2])
y = x * 2.0
other = tf.Graph()
with other.as_default():
    z = tf.constant(1.0)
sess = tf.Session()
try:
    sess.run(y, {x: [1.0, 2.0, 3.0]})
except ValueError:
    print("ValueError feed shape")
try:
    sess.run(None)
except TypeError:
    print("TypeError None fetch")
try:
    sess.run(z)
except ValueError:
    print("ValueError other graph")
print(sess.run("mul:0", {"Placeholder:0": [1.0, 1.5]}))
print(sess.run(tf.no_op(name="nop")))
sess.close()
try:
    sess.run(y, {x: [1.0, 2.0]})
except RuntimeError:
    print("RuntimeError closed")

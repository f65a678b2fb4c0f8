# modes: tf1
# Control flow v1: a tensor made inside a tf.cond branch can be used after the cond, and a
# ref variable's truth value is the Python object's (always true).
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
captured = []


def true_fn():
    doubled = x * 2.0
    captured.append(doubled)
    return doubled + 1.0


y = tf.cond(x > 0.0, true_fn, lambda: x - 1.0)
z = captured[0] * 10.0
b = tf.Variable(0.0, name="b")
print("variable is truthy:", bool(b))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for value in [3.0, 0.5, -2.0]:
        print("x", value, "y, z", sess.run([y, z], feed_dict={x: value}))

# modes: tf1
# tf.gradients through a tf.cond whose taken branch assigns a resource variable (after
# reading it) runs the assign once per run: the gradient neither runs it again nor reads
# the value it wrote.
import tensorflow as tf
v = tf.get_variable("v", initializer=1.0, use_resource=True)
w = tf.get_variable("w", initializer=3.0, use_resource=True)
t = tf.placeholder(tf.bool, [])
def taken():
    out = w * v.read_value()
    with tf.control_dependencies([out]):
        up = v.assign(v.read_value() * 0.5 + 1.0)
    with tf.control_dependencies([up]):
        return tf.identity(out * w)
y = tf.cond(t, taken, lambda: w + v.read_value())
g = tf.gradients(y, w)[0]
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    for flag in (True, True, False, True):
        print(s.run([y, g], {t: flag}), s.run(v))

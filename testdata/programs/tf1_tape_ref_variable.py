# modes: tf1
# GradientTape in a TF1 graph: a resource variable works as a source; a TF1 ref variable
# (what tf.Variable makes with v2 behavior disabled) cannot be one: TF 2.21 raises
# AttributeError from the tape, which is what a TF2-style training step run under
# disable_v2_behavior() hits first.
import tensorflow as tf

w = tf.Variable(4.0, name="w")
v = tf.Variable(2.0, name="v", use_resource=True)
with tf.GradientTape() as tape:
    loss = v * v + 0.5 * w
grad_v = tape.gradient(loss, v)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("grad_v", sess.run(grad_v))
with tf.GradientTape() as tape:
    loss = 0.1 * tf.square(w)
print("ref source")
grad_w = tape.gradient(loss, w)
print("not reached", grad_w)

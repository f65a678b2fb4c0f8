# TF1: == and != on variables compare object identity. The code picks "every variable
# except x" and updates those.
import tensorflow as tf

x = tf.Variable(0.0, name="x")
y = tf.Variable(0.0, name="y")
print("x == y:", "same" if x == y else "different")
others = [v for v in [x, y] if v != x]
update = [v.assign_add(1.0) for v in others]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    new_vals = sess.run(update)
    print("updated", len(new_vals), [float(v) for v in new_vals])

# modes: tf2
# Under TF2, tf.compat.v1.disable_eager_execution() switches the rest of the program to
# graph semantics: placeholders, sessions and identity equality come back.
import tensorflow as tf

print(tf.executing_eagerly())
try:
    tf.Session
except AttributeError:
    print("AttributeError")
tf.compat.v1.disable_eager_execution()
print(tf.executing_eagerly())
x = tf.compat.v1.placeholder(tf.float32, [2])
y = x * 3.0
print(y)
print(y == y, hash(y) == hash(y))
with tf.compat.v1.Session() as sess:
    print(sess.run(y, {x: [1.0, 2.0]}))

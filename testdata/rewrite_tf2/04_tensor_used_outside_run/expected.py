# The graph tensor `y` is printed outside sess.run: TF1 prints the symbolic tensor, which TF2
# prints only while tracing a function, and there its unknown dimension reads `None`, not `?`.
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

x = tf.compat.v1.placeholder(tf.float32, [None])
y = x * 2.0
print("y is", y)
with tf.compat.v1.Session() as sess:
    print(sess.run(y, feed_dict={x: [1.0, 2.0]}))

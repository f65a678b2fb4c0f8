# The session is run after sess.close(): TF1 raises there, so the conversion refuses.
import tensorflow as tf

x = tf.placeholder(tf.float32, [None])
y = x * 3.0
sess = tf.Session()
print(sess.run(y, feed_dict={x: [1.0, 2.0]}))
sess.close()
try:
    print(sess.run(y, feed_dict={x: [3.0]}))
except RuntimeError as e:
    print("closed:", e)

# The graph object is used for more than the session (its operations are listed):
# without the graph that line has nothing to list, so the conversion refuses.
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

g = tf.Graph()
with g.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [2])
    y = tf.reduce_sum(x * x)
    with tf.compat.v1.Session() as sess:
        print(sess.run(y, feed_dict={x: [1.0, 2.0]}))
print(len(g.get_operations()) > 0)

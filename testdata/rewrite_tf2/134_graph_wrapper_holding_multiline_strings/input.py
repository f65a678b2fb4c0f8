# A graph wrapper (`with g.as_default():`) whose statements hold multi-line strings: the
# wrapper goes and its statements move out one level, the lines of each string after its
# first (its content) as they were.
import tensorflow as tf

g = tf.Graph()
with g.as_default():
    HELP = """multiply
    by two,

    then print"""
    x = tf.placeholder(tf.float32, [2])
    y = x * 2.0
    with tf.Session() as sess:
        out = sess.run(y, feed_dict={x: [1.0, 2.0]})
        print("""result:
  %s""" % out)
    print(HELP)
print("""after
  the graph""")

# A session block whose statements hold multi-line strings (report templates, triple-quoted
# messages): the block is dedented when the session goes, but a string's lines after its
# first are its content, not code, and keep their text, indentation included. So do the
# blank lines of a string before the session (blank lines the removed graph statements leave
# are collapsed around it).
import tensorflow as tf

USAGE = """usage: the weights times x



(three blank lines above)"""

x = tf.placeholder(tf.float32, [None])
w = tf.Variable(2.0)
y = x * w
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(2):
        v = sess.run(y, feed_dict={x: [1.0, float(i)]})
        print("""step %d:
    values %s
        end""" % (i, v))
    report = ("""header
  indented line""" +
              " tail")
    print(report)
    print('''done
''', USAGE)

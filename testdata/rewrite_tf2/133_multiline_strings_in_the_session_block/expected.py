# A session block whose statements hold multi-line strings (report templates, triple-quoted
# messages): the block is dedented when the session goes, but a string's lines after its
# first are its content, not code, and keep their text, indentation included. So do the
# blank lines of a string before the session (blank lines the removed graph statements leave
# are collapsed around it).
import tensorflow as tf

USAGE = """usage: the weights times x



(three blank lines above)"""

w = tf.Variable(2.0)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_y(x):
    y = x * w
    return y


for i in range(2):
    v = run_y(x=[1.0, float(i)]).numpy()
    print("""step %d:
    values %s
        end""" % (i, v))
report = ("""header
  indented line""" +
          " tail")
print(report)
print('''done
''', USAGE)

# A graph wrapper (`with g.as_default():`) whose statements hold multi-line strings: the
# wrapper goes and its statements move out one level, the lines of each string after its
# first (its content) as they were.
import tensorflow as tf

HELP = """multiply
    by two,

    then print"""


@tf.function(input_signature=[tf.TensorSpec(shape=[2], dtype=tf.float32)])
def run_y(x):
    y = x * 2.0
    return y


out = run_y(x=[1.0, 2.0]).numpy()
print("""result:
  %s""" % out)
print(HELP)
print("""after
  the graph""")

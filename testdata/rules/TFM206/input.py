import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import get_default_graph
from tensorflow import reset_default_graph

tf.reset_default_graph()  # expect: TFM206
reset_default_graph()  # expect: TFM206
graph = tf1.get_default_graph()  # expect: TFM206
x = tf1.placeholder(tf.float32, [None], name="x")
graph.finalize()  # expect: TFM206
graph_def = tf.get_default_graph().as_graph_def()  # expect: TFM206
ops = get_default_graph().get_operations()  # expect: TFM206

with tf1.Session() as sess:
    tf.io.write_graph(sess.graph.as_graph_def(), "/tmp", "model.pbtxt")  # expect: TFM206
    sess.graph.finalize()  # expect: TFM206

# Must not fire:
explicit = tf.Graph()  # ok: an explicit graph object still exists in TF2
with explicit.as_default():  # ok
    c = tf.constant(1.0)
explicit_def = explicit.as_graph_def()  # ok: serializing an explicit graph


@tf.function
def double(v):  # ok
    return v * 2.0


concrete_def = double.get_concrete_function(tf.TensorSpec([], tf.float32)).graph.as_graph_def()  # ok
graph_or_none = None if tf.executing_eagerly() else tf.compat.v1.get_default_graph()  # ok: written for both
if not tf.executing_eagerly():
    g_tf1 = tf.compat.v1.get_default_graph()  # ok: runs only in graph mode
else:
    g_tf2 = tf.compat.v1.get_default_graph()  # expect: TFM206


def is_trainable(tensor):
    return tensor in tensor.graph.get_collection("trainable_variables")  # expect: TFM206


class Evaluator:
    def __init__(self, tensors):
        self.tensors = list(tensors)
        self.graph = self.tensors[0].graph  # expect: TFM206

    def run(self):
        with self.graph.as_default():
            pass


def plot(figure):
    return figure.graph  # ok: an object of unknown type whose `.graph` is not used as a graph

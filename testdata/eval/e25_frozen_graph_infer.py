"""Serving a frozen graph by tensor names."""
import numpy as np
import tensorflow as tf


def load_frozen(path):
    graph_def = tf.compat.v1.GraphDef()
    with tf.io.gfile.GFile(path, "rb") as f:
        graph_def.ParseFromString(f.read())
    graph = tf.Graph()
    with graph.as_default():
        tf.import_graph_def(graph_def, name="import")
    return graph


def predict(path, batch):
    graph = load_frozen(path)
    images = graph.get_tensor_by_name("import/input:0")  # expect: TFM501
    probs = graph.get_tensor_by_name("import/softmax:0")  # expect: TFM501
    with tf.compat.v1.Session(graph=graph) as sess:
        return sess.run(probs, feed_dict={images: batch})


if __name__ == "__main__":
    print(predict("model.pb", np.zeros([1, 224, 224, 3], np.float32)))

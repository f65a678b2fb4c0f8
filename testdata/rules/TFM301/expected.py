import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import GraphKeys, get_collection, trainable_variables
from tensorflow import global_variables

x = tf1.placeholder(tf.float32, [None, 4])
h = tf1.layers.batch_normalization(tf1.layers.dense(x, 8), training=True)
loss = tf.reduce_mean(h) + tf1.losses.get_regularization_loss()  # expect: TFM301
update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)  # expect: TFM301
params = trainable_variables()  # expect: TFM301
everything = global_variables()  # expect: TFM301
metrics_vars = tf1.local_variables()  # expect: TFM301
reg = get_collection(GraphKeys.REGULARIZATION_LOSSES)  # expect: TFM301
tf1.add_to_collection("my_outputs", h)  # expect: TFM301
outputs = tf1.get_collection_ref("my_outputs")  # expect: TFM301
total = tf1.losses.get_total_loss()  # expect: TFM301
key = tf.GraphKeys.TRAINABLE_VARIABLES  # expect: TFM301


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.zeros([4, 1]))

    def __call__(self, inputs):
        return inputs @ self.w


# Must not fire:
model = Model()  # ok
weights = model.trainable_variables  # ok: object-based tracking
keras_model = tf.keras.Sequential([tf.keras.layers.Dense(1)])  # ok
penalties = keras_model.losses  # ok
collection = ["a", "b"]  # ok
collection.append("c")  # ok: a Python list named like a collection


from tf_slim import arg_scope, layers


def net(inputs, sc_name):
    end_points_collection = sc_name + "_end_points"
    with arg_scope([layers.conv2d], outputs_collections=end_points_collection):  # expect: TFM301
        out = layers.conv2d(inputs, 8, [3, 3], outputs_collections=None)  # ok: no collection
    return out


def vgg_arg_scope(weight_decay=0.0005):
    with arg_scope(
        [layers.conv2d],
        weights_regularizer=layers.l2_regularizer(weight_decay),  # expect: TFM301 (penalties into REGULARIZATION_LOSSES)
        biases_regularizer=None,  # ok: no penalty
    ) as sc:
        return sc

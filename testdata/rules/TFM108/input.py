import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import colocate_with
from tensorflow import colocate_with as colocate

tf1.disable_eager_execution()
v = tf1.get_variable("v", shape=[4])
g = tf1.get_default_graph()

with tf.colocate_with(v):  # expect: TFM108
    update = tf1.assign_add(v, tf.ones([4]))
    # a comment inside the body
    total = tf.reduce_sum(
        update,
        axis=0,
    )


def build(var):
    with colocate_with(var.op):  # expect: TFM108
        if var is not None:
            return tf.identity(var)
    return None


with tf1.colocate_with(v), tf.name_scope("stats"):  # expect: TFM108
    mean = tf.reduce_mean(v)

with g.colocate_with(v): copy = tf.identity(v)  # expect: TFM108

with tf1.colocate_with(v, ignore_existing=True) as ctx:  # expect: TFM108
    moved = tf.identity(v)

with tf1.colocate_with(v):  # expect: TFM108
    doc = tf.constant("""multi
line""")

with colocate(v):  # expect: TFM108
    scaled = v * 2.0

# Must not fire:
with tf.name_scope("plain"):  # ok
    other = tf.identity(v)
with tf.device("/cpu:0"):  # ok: explicit device placement is a different API
    placed = tf.identity(v)
colocate = "colocate_with"  # ok

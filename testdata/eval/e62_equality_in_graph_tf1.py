"""TF1 variable bookkeeping that compares variables directly."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
with tf.compat.v1.variable_scope("model"):
    w1 = tf.compat.v1.get_variable("w1", [3, 3])
    w2 = tf.compat.v1.get_variable("w2", [3, 3])
all_vars = tf.compat.v1.trainable_variables()
excluded = [w2]
to_train = [v for v in all_vars if v not in excluded]  # expect: TFM502
if w1 != w2:  # expect: TFM502
    print("distinct")
position = all_vars.index(w2)  # expect: TFM502

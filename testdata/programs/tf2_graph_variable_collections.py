# modes: tf2
"""Resource variables in a TF2-mode graph join the collections they are given (TF: GLOBAL_VARIABLES
when none; TRAINABLE_VARIABLES added to a trainable one's), as tf_slim's model variables do."""
import tensorflow as tf

v1 = tf.compat.v1
with tf.Graph().as_default():
    a = v1.get_variable("a", [2], collections=[v1.GraphKeys.GLOBAL_VARIABLES, v1.GraphKeys.MODEL_VARIABLES])
    b = v1.get_variable("b", [1], trainable=False, collections=[v1.GraphKeys.LOCAL_VARIABLES])
    c = v1.get_variable("c", [3], collections=[])
    d = v1.get_variable("d", [1])
    for key in ("GLOBAL_VARIABLES", "MODEL_VARIABLES", "LOCAL_VARIABLES", "TRAINABLE_VARIABLES"):
        print(key, [v.op.name for v in v1.get_collection(getattr(v1.GraphKeys, key))])
    print("model", [v.op.name for v in v1.model_variables()], "local", [v.op.name for v in v1.local_variables()])

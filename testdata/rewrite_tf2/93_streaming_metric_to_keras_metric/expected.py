# A v1 streaming metric (tf.metrics.accuracy: its value and update op, local variables
# initialized by local_variables_initializer): a Keras metric made once, whose call is the
# update and whose result() the value, each in the function of its run.
import numpy as np
import tensorflow as tf

acc_metric = tf.keras.metrics.Accuracy()


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None], dtype=tf.int64),
    tf.TensorSpec(shape=[None], dtype=tf.int64),
])
def run_acc_update(labels, preds):
    acc_update = acc_metric(labels, preds)
    return acc_update


@tf.function
def run_acc():
    acc = acc_metric.result()
    return acc


for batch in range(3):
    run_acc_update(labels=np.array([0, 1, 1, 0]), preds=np.array([0, 1, batch % 2, 1]))
    print(batch, run_acc().numpy())

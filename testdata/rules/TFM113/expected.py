import tensorflow as tf
import tensorflow.compat.v1 as v1
from tensorflow.compat.v1 import metrics
from tensorflow.compat.v1.metrics import auc
from tensorflow import metrics as tf_metrics

labels = tf.constant([1, 0, 1])
preds = tf.constant([1, 1, 1])

acc, acc_op = tf.metrics.accuracy(labels, preds)  # expect: TFM113
auc_value, auc_op = auc(labels, preds)  # expect: TFM113
prec, prec_op = v1.metrics.precision(labels, preds)  # expect: TFM113
rec, rec_op = metrics.recall(labels, preds)  # expect: TFM113
mse, mse_op = tf.compat.v1.metrics.mean_squared_error(labels, preds)  # expect: TFM113
avg, avg_op = metrics.mean(tf.constant([1.0, 2.0]))  # expect: TFM113
pk, pk_op = metrics.precision_at_k(labels, preds, k=1)  # expect: TFM113
rel, rel_op = metrics.mean_relative_error(labels, preds, normalizer=labels)  # expect: TFM113
tp, tp_op = tf_metrics.true_positives(labels, preds)  # expect: TFM113
evaluated = {"acc": tf.metrics.accuracy}  # expect: TFM113

# Must not fire:
m = tf.keras.metrics.Accuracy()  # ok: the TF2 metric
m.update_state(labels, preds)  # ok
auc_metric = tf.metrics.AUC()  # ok: in TF2 tf.metrics is tf.keras.metrics
result = m.result()  # ok
loss = v1.losses.mean_squared_error(labels, preds)  # ok: a loss, not a metric
bin_acc = tf.keras.metrics.binary_accuracy(labels, preds)  # ok
per_example = tf.metrics.mean_squared_error(labels, preds)  # ok: Keras 2's loss-style function in eager code
sk_metrics = {"accuracy": 0.5}  # ok: a plain dict
print(sk_metrics["accuracy"])  # ok

"""TF1 model_fn with warm-up computed from the global step."""
import tensorflow as tf


def model_fn(features, labels, mode, params):
    logits = tf.compat.v1.layers.dense(features, params["classes"])
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    global_step = tf.compat.v1.train.get_or_create_global_step()
    decayed = tf.compat.v1.train.piecewise_constant(global_step, [1000, 2000], [0.1, 0.01, 0.001])
    warmup_lr = params["base_lr"] * tf.cast(global_step, tf.float32) / 500.0  # expect: TFM406
    optimizer = tf.compat.v1.train.MomentumOptimizer(warmup_lr, momentum=0.9)
    schedule_opt = tf.compat.v1.train.MomentumOptimizer(decayed, momentum=0.9)
    train_op = optimizer.minimize(loss, global_step=global_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

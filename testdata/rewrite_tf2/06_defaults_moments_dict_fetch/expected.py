# A placeholder with a default (fed or not), two tensors from one statement, a dict fetch.
import numpy as np
import tensorflow as tf


data = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]], dtype=np.float32)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[], dtype=tf.float32),
])
def run_mean_spread(batch, scale=1.0):
    mean, variance = tf.nn.moments(batch * scale, axes=[0])
    spread = tf.sqrt(variance)
    return {"mean": mean, "spread": spread}


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[], dtype=tf.float32),
])
def run_mean_variance(batch, scale=1.0):
    mean, variance = tf.nn.moments(batch * scale, axes=[0])
    return [mean, variance]


stats = _numpy(run_mean_spread(batch=data))
print(sorted(stats), stats["mean"].tolist(), np.round(stats["spread"], 4).tolist())
m, v = _numpy(run_mean_variance(batch=data, scale=2.0))
print(m.tolist(), v.tolist())

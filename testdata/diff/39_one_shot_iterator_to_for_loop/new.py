# TF2: a Python for loop over the dataset; the per-batch computation is a tf.function.
import numpy as np
import tensorflow as tf

features = np.arange(10, dtype=np.float32)
ds = tf.data.Dataset.from_tensor_slices(features).map(lambda v: v * 0.5).batch(4)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def batch_total(batch):
    return tf.reduce_sum(batch)


for batch in ds:
    print("batch total", batch_total(batch).numpy())
print("end of data")

# TF1: a one-shot iterator consumed until OutOfRangeError, one sess.run per batch.
import numpy as np
import tensorflow as tf

features = np.arange(10, dtype=np.float32)
ds = tf.data.Dataset.from_tensor_slices(features).map(lambda v: v * 0.5).batch(4)
batch = tf.data.make_one_shot_iterator(ds).get_next()
total = tf.reduce_sum(batch)

with tf.Session() as sess:
    while True:
        try:
            print("batch total", sess.run(total))
        except tf.errors.OutOfRangeError:
            print("end of data")
            break

# tf.data with a one-shot iterator, consumed until OutOfRangeError.
import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices((np.arange(10, dtype=np.int64), np.arange(10) * 0.5))
ds = ds.map(lambda a, b: (a * 2, b + 1.0)).batch(4)
it = tf.data.make_one_shot_iterator(ds)
nxt = it.get_next()
with tf.Session() as sess:
    while True:
        try:
            a, b = sess.run(nxt)
            print("batch", a.tolist(), np.round(b, 2).tolist())
        except tf.errors.OutOfRangeError:
            print("end of data")
            break

# The Dataset *method* spellings of TF1 iterators: ds.make_one_shot_iterator() and
# ds.make_initializable_iterator() with a placeholder-parameterised dataset.
import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(np.arange(6, dtype=np.float32)).map(lambda v: v * 10.0).batch(4)
one_shot = ds.make_one_shot_iterator()
first = one_shot.get_next()

limit = tf.placeholder(tf.int64, [])
ranged = tf.data.Dataset.range(10).filter(lambda v: v < limit).map(lambda v: v * v)
init_it = ranged.make_initializable_iterator()
nxt = init_it.get_next()

with tf.Session() as sess:
    while True:
        try:
            print("one-shot batch", sess.run(first).tolist())
        except tf.errors.OutOfRangeError:
            print("one-shot done")
            break
    for n in (3, 5):
        sess.run(init_it.initializer, feed_dict={limit: n})
        values = []
        while True:
            try:
                values.append(int(sess.run(nxt)))
            except tf.errors.OutOfRangeError:
                break
        print("limit", n, "squares", values)

# modes: tf1
# TF1 dataset iterators: one-shot and initializable; OutOfRangeError at the end.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([10, 20, 30]).map(lambda x: x + 1)
it = ds.make_one_shot_iterator()
nxt = it.get_next()
it2 = tf.data.Dataset.range(2).make_initializable_iterator()
nxt2 = it2.get_next()
with tf.Session() as sess:
    try:
        while True:
            print(sess.run(nxt))
    except tf.errors.OutOfRangeError:
        print("done")
    for _ in range(2):
        sess.run(it2.initializer)
        print(sess.run(nxt2), sess.run(nxt2))

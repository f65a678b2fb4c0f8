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

# The functional form wraps anything that is not a dataset and fails on it.
class NotADataset:
    def make_one_shot_iterator(self):
        return iter([1, 2])


try:
    tf.compat.v1.data.make_one_shot_iterator(NotADataset())
except AttributeError as e:
    print("AttributeError", "_variant_tensor" in str(e))
nxt3 = tf.compat.v1.data.make_one_shot_iterator(tf.data.Dataset.range(3)).get_next()
with tf.Session() as sess:
    print("functional", sess.run(nxt3), sess.run(nxt3))

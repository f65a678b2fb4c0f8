# modes: tf1
# A TF1 dataset made from placeholders (MorvanZhou's 306_dataset.py): its elements are the
# values fed when the initializable iterator's initializer runs; get_next's static shapes
# are the dataset's (a batch's first dimension unknown); a second initializer run with other
# values starts again over them; a dataset zipped with a constant one.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [6, 2])
y = tf.placeholder(tf.int64, [6])
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4).repeat(2)
it = ds.make_initializable_iterator()
bx, by = it.get_next()
print(bx.shape, by.shape, bx.dtype, by.dtype)
dense = tf.layers.dense(bx, 3, kernel_initializer=tf.ones_initializer())
total = tf.reduce_sum(dense, axis=1)
n = tf.placeholder(tf.int32, [None])
ds2 = tf.data.Dataset.zip((tf.data.Dataset.from_tensor_slices(n), tf.data.Dataset.range(10))).map(lambda a, b: a * 2)
it2 = ds2.make_initializable_iterator()
nxt2 = it2.get_next()
with tf.Session() as sess:
    sess.run([it.initializer, tf.global_variables_initializer()],
             feed_dict={x: np.arange(12, dtype=np.float32).reshape(6, 2), y: np.arange(6)})
    try:
        while True:
            t, labels = sess.run([total, by])
            print(t, labels)
    except tf.errors.OutOfRangeError:
        print("end of the epochs")
    sess.run(it.initializer, feed_dict={x: np.ones([6, 2], np.float32), y: np.zeros(6, np.int64)})
    print(sess.run(total))
    print(sess.run(total, {bx: [[1.0, 2.0]]}))
    sess.run(it2.initializer, {n: [3, 4, 5]})
    print([sess.run(nxt2) for _ in range(3)])
    try:
        sess.run(it.initializer)
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError", "placeholder" in str(e))

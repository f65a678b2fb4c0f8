# A v1 initializable iterator over a dataset of arrays, its initializer run at the start of
# each epoch and again before an accuracy run, the training loop ending at
# tf.errors.OutOfRangeError (20 rows in batches of 6: the last batch is 2). TF2 iterates the
# dataset itself: `iterator = iter(dataset)` where TF1 made the iterator and where each
# initializer ran; the functions that take the next batch take the iterator as an argument
# (tf.data.IteratorSpec in their signature), so each call reads the iterator made last. The
# dropout both functions run draws from one generator.
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)
features = np.arange(40, dtype=np.float32).reshape(20, 2) / 20.0
labels = (features.sum(axis=1, keepdims=True) > 1.0).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices((features, labels))
dataset = dataset.batch(6)
iterator = dataset.make_initializable_iterator()
x, y = iterator.get_next()
keep = tf.placeholder_with_default(1.0, shape=[])
w = tf.Variable(tf.random_normal([2, 1], stddev=0.1))
b = tf.Variable(tf.zeros([1]))
xd = tf.nn.dropout(x, keep)
logits = tf.matmul(xd, w) + b
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.3).minimize(loss)
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.cast(logits > 0, tf.float32), y), tf.float32))


with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(3):
        sess.run(iterator.initializer)
        steps = 0
        try:
            while True:
                _, l = sess.run([train, loss], feed_dict={keep: 0.8})
                steps += 1
        except tf.errors.OutOfRangeError:
            pass
        sess.run(iterator.initializer)
        print(epoch, steps, round(float(l), 5), sess.run(accuracy))



# A v1 initializable iterator over a dataset that shuffles with a seed: each run of TF1's
# initializer started the same order again, while `iter()` of one TF2 dataset reshuffles
# each time. Refused, with the reason on the shuffle's line.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

tf.compat.v1.set_random_seed(0)
features = np.arange(40, dtype=np.float32).reshape(20, 2) / 20.0
labels = (features.sum(axis=1, keepdims=True) > 1.0).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices((features, labels))
dataset = dataset.shuffle(20, seed=4).batch(6)
iterator = tf.compat.v1.data.make_initializable_iterator(dataset)
x, y = iterator.get_next()
keep = tf.compat.v1.placeholder_with_default(1.0, shape=[])
w = tf.Variable(tf.random.normal([2, 1], stddev=0.1))
b = tf.Variable(tf.zeros([1]))
xd = tf.nn.dropout(x, rate=1 - keep)
logits = tf.matmul(xd, w) + b
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
train = tf.compat.v1.train.GradientDescentOptimizer(0.3).minimize(loss)
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.cast(logits > 0, tf.float32), y), tf.float32))


with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
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



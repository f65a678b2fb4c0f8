"""TF1 input pipeline with a one-shot iterator: one train op."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
dataset = tf.data.Dataset.from_tensor_slices(tf.random.normal([100, 4])).batch(10).repeat()
next_batch = tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()
w = tf.Variable(tf.zeros([4, 1]))
loss = tf.reduce_mean(tf.square(tf.matmul(next_batch, w) - 1.0))
train = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for step in range(100):
        sess.run(train)
    print(sess.run(loss))

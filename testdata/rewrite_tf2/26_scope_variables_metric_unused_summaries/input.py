# A variable scope of get_variable calls, the global step, tf.metrics.accuracy, summaries and
# a Saver nothing uses, tf.logging, flags never read, a threading config, the trainable collection.
import numpy as np
import tensorflow as tf

tf.logging.set_verbosity(tf.logging.WARN)
flags = tf.app.flags
flags.DEFINE_float("lr", 0.3, "learning rate")
FLAGS = flags.FLAGS

data = np.array([[0.5, 1.0], [1.0, -0.5], [1.5, 0.25], [-2.0, 1.0]], dtype=np.float32)
target = np.array([1, 0, 1, 0], dtype=np.int64)
x = tf.placeholder(tf.float32, [None, 2])
y = tf.placeholder(tf.int64, [None])
with tf.variable_scope("linear", reuse=tf.AUTO_REUSE):
    w = tf.get_variable("w", [2, 2], initializer=tf.constant_initializer(0.1))
    b = tf.get_variable("b", shape=[2], initializer=tf.ones_initializer())
    scale = tf.get_variable("scale", [], initializer=tf.ones_initializer(), trainable=False)
logits = scale * (tf.matmul(x, w) + b)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
step = tf.train.get_or_create_global_step()
train = tf.train.AdamOptimizer(0.05).minimize(loss, global_step=step)
acc, acc_op = tf.metrics.accuracy(y, tf.argmax(logits, 1))
tf.summary.histogram("w", w)
tf.summary.scalar("loss", loss)
summary_op = tf.summary.merge_all()
saver = tf.train.Saver(max_to_keep=2)

with tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)) as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    for i in range(30):
        _, l = sess.run([train, loss], feed_dict={x: data, y: target})
        if i % 10 == 0:
            tf.logging.warning("step %d loss %.5f", i, l)
            print(i, round(float(l), 5))
    sess.run(acc_op, feed_dict={x: data, y: target})
    print("accuracy", sess.run(acc), "steps", sess.run(step))
    for v in tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES):
        print(v.name, v.shape[0].value)

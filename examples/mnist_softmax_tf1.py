"""A TF1-era softmax classifier on synthetic data (the classic MNIST tutorial shape)."""
import numpy as np
import tensorflow as tf

tf.logging.set_verbosity(tf.logging.INFO)
flags = tf.app.flags
flags.DEFINE_integer("steps", 200, "training steps")
FLAGS = flags.FLAGS

rng = np.random.RandomState(0)
features = rng.rand(512, 20).astype(np.float32)
labels = (features.sum(axis=1) > 10).astype(np.int64)

x = tf.placeholder(tf.float32, [None, 20], name="x")
y_ = tf.placeholder(tf.int64, [None], name="labels")

with tf.variable_scope("model", reuse=tf.AUTO_REUSE):
    w = tf.get_variable("w", [20, 2], initializer=tf.zeros_initializer())
    b = tf.get_variable("b", [2], initializer=tf.zeros_initializer())
logits = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_, logits=logits))
global_step = tf.train.get_or_create_global_step()
train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=global_step)
accuracy, acc_update = tf.metrics.accuracy(labels=y_, predictions=tf.argmax(logits, 1))
tf.summary.scalar("loss", loss)
merged = tf.summary.merge_all()
saver = tf.train.Saver()

with tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2)) as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    for step in range(200):
        _, l = sess.run([train_op, loss], feed_dict={x: features, y_: labels})
        if step % 50 == 0:
            tf.logging.info("step %d loss %.4f", step, l)
    sess.run(acc_update, feed_dict={x: features, y_: labels})
    print("accuracy", sess.run(accuracy))
    for v in tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES):
        print(v.name, v.shape[0].value)

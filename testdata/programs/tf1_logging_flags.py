# modes: tf1
# tf.logging (absl-style verbosity, messages on stderr) and tf.app.flags: FLAGS parses
# sys.argv on first access; tf.app.run passes the remaining arguments to main.
import tensorflow as tf

tf.logging.set_verbosity(tf.logging.INFO)
print("verbosity", tf.logging.get_verbosity(), tf.logging.INFO, tf.logging.WARN, tf.logging.ERROR)
tf.logging.info("step %d loss %.3f", 3, 0.25)
tf.logging.warning("careful")
tf.logging.debug("not shown")
tf.logging.set_verbosity(tf.logging.ERROR)
tf.logging.info("not shown either")

flags = tf.app.flags
flags.DEFINE_integer("steps", 20, "training steps")
flags.DEFINE_float("lr", 0.5, "learning rate")
flags.DEFINE_string("name", "model", "a name")
flags.DEFINE_boolean("verbose", False, "chatty")
FLAGS = flags.FLAGS
print("flags", FLAGS.steps, FLAGS.lr, FLAGS.name, FLAGS.verbose)

x = tf.placeholder(tf.float32, [None])
w = tf.Variable(2.0)
loss = tf.reduce_mean(tf.square(w * x - 1.0))
train = tf.train.GradientDescentOptimizer(FLAGS.lr / 10).minimize(loss)
acc, acc_update = tf.metrics.accuracy(labels=tf.constant([1, 0, 1]), predictions=tf.constant([1, 1, 1]))


def main(argv):
    print("argv", len(argv))
    with tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2)) as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        for step in range(FLAGS.steps):
            _, l = sess.run([train, loss], feed_dict={x: [1.0, 2.0]})
            if step % 10 == 0:
                tf.logging.info("step %d", step)
        print("final loss", l)
        sess.run(acc_update)
        print("accuracy", sess.run(acc))


tf.app.run(main)

# tf.flags (the short spelling) together with tf.logging: verbosity, info and warning go
# to stderr; the program's results go to stdout.
import tensorflow as tf

tf.flags.DEFINE_integer("batch", 4, "Batch size.")
tf.flags.DEFINE_string("mode", "eval", "What to do.")
FLAGS = tf.flags.FLAGS

tf.logging.set_verbosity(tf.logging.INFO)


def main(argv):
    del argv
    tf.logging.info("building a graph for batch %d", FLAGS.batch)
    x = tf.range(FLAGS.batch, dtype=tf.float32)
    y = tf.reduce_sum(x * x)
    with tf.Session() as sess:
        value = sess.run(y)
    if value > 10:
        tf.logging.warning("sum of squares %s is large", value)
    print("mode", FLAGS.mode, "batch", FLAGS.batch, "sum of squares", value)
    print("verbosity is INFO:", tf.logging.get_verbosity() == tf.logging.INFO)


if __name__ == "__main__":
    tf.app.run()

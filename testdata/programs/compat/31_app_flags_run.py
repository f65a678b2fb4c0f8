# tf.app.flags definitions, FLAGS use and tf.app.run(main), TF1 style.
import numpy as np
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("steps", 3, "Number of training steps.")
flags.DEFINE_float("learning_rate", 0.25, "Learning rate.")
flags.DEFINE_string("run_name", "demo", "A label for this run.")
flags.DEFINE_boolean("verbose", True, "Print every step.")
FLAGS = flags.FLAGS


def main(_):
    print("run", FLAGS.run_name, "steps", FLAGS.steps, "lr", FLAGS.learning_rate)
    w = tf.Variable(4.0)
    loss = tf.square(w - 1.0)
    train = tf.train.GradientDescentOptimizer(FLAGS.learning_rate).minimize(loss)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(FLAGS.steps):
            _, l = sess.run([train, loss])
            if FLAGS.verbose:
                print("step", step, "loss", np.round(l, 4))
        print("final w", np.round(sess.run(w), 4))


if __name__ == "__main__":
    tf.app.run(main)

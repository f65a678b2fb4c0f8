# Flags and logging reached through `from tensorflow import ...` and module aliases, with
# list/enum flags and a main that reads argv.
import sys

import tensorflow as tf
from tensorflow import flags
from tensorflow import logging

flags.DEFINE_list("sizes", ["2", "3"], "Layer sizes.")
flags.DEFINE_enum("activation", "relu", ["relu", "tanh"], "Activation.")
flags.DEFINE_integer("seed_offset", 1, "Added to every size.")
FLAGS = flags.FLAGS


def main(argv):
    logging.set_verbosity(logging.WARN)
    logging.info("not shown at WARN verbosity")
    sizes = [int(s) + FLAGS.seed_offset for s in FLAGS.sizes]
    act = tf.nn.relu if FLAGS.activation == "relu" else tf.nn.tanh
    x = tf.constant([[-1.0, 0.5, 2.0]])
    outs = []
    h = x
    for i, n in enumerate(sizes):
        w = tf.ones([int(h.shape[1]), n]) * (0.1 * (i + 1))
        h = act(tf.matmul(h, w) - 0.05)
        outs.append(h)
    with tf.Session() as sess:
        values = sess.run(outs)
    for i, v in enumerate(values):
        print("layer", i, "shape", list(v.shape), "sum", round(float(v.sum()), 5))
    print("argv", len(argv), "activation", FLAGS.activation, "sizes", sizes)
    logging.warning("done with %d layers", len(sizes))
    sys.stdout.flush()


if __name__ == "__main__":
    tf.app.run(main=main)

import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow import flags  # expect: TFM111
from tensorflow import app as tf_app, logging  # expect: TFM111
from tensorflow.logging import warn  # expect: TFM111
from tensorflow.flags import DEFINE_float  # expect: TFM111

FLAGS = tf.flags.FLAGS  # expect: TFM111
tf.flags.DEFINE_integer("steps", 100, "training steps")  # expect: TFM111
flags.DEFINE_string("data_dir", "/tmp/data", "input directory")  # ok: reported at its import
DEFINE_float("lr", 0.1, "learning rate")  # ok: reported at its import
tf.logging.set_verbosity(tf.logging.INFO)  # expect: TFM111


def main(_):
    tf.logging.info("steps=%d", FLAGS.steps)  # expect: TFM111
    logging.warning("reported at the import")  # ok: reported at its import
    warn("old spelling")  # ok: reported at its import


if __name__ == "__main__":
    tf.app.run(main)  # expect: TFM111

# Must not fire:
tf1.logging.info("compat.v1 still has it")  # ok: tf.compat.v1.logging exists in TF2
tf.compat.v1.flags.DEFINE_bool("fast", False, "")  # ok
from tensorflow.compat.v1 import logging as v1_logging  # ok

v1_logging.warning("compat.v1 import")  # ok
tf.get_logger().setLevel("INFO")  # ok: the TF2 logger
tf.autograph.set_verbosity(1)  # ok
import logging as py_logging  # ok

py_logging.info("stdlib logging")  # ok

# tf.app.flags defined and read at module level: TF2 has no tf.app; absl.flags defines the
# same flags. TensorFlow's FLAGS parsed the command line at the first read of a flag,
# absl's must be parsed first.
import tensorflow as tf
import sys
from absl import flags

flags.DEFINE_integer('steps', 3, 'how many steps')
flags.DEFINE_float('scale', 1.5, 'what to multiply by')
FLAGS = flags.FLAGS

FLAGS(sys.argv)  # TF1's tf.app.flags parsed the command line at the first read of a flag
if FLAGS.steps < 0:
    raise ValueError('steps must be positive')


@tf.function
def run_y():
    x = tf.constant([1.0, 2.0])
    y = x * FLAGS.scale
    return y


for i in range(FLAGS.steps):
    print(i, run_y().numpy())

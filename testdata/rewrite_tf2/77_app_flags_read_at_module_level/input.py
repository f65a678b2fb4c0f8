# tf.app.flags defined and read at module level: TF2 has no tf.app; absl.flags defines the
# same flags. TensorFlow's FLAGS parsed the command line at the first read of a flag,
# absl's must be parsed first.
import tensorflow as tf

tf.app.flags.DEFINE_integer('steps', 3, 'how many steps')
tf.app.flags.DEFINE_float('scale', 1.5, 'what to multiply by')
FLAGS = tf.app.flags.FLAGS

if FLAGS.steps < 0:
    raise ValueError('steps must be positive')
x = tf.constant([1.0, 2.0])
y = x * FLAGS.scale
with tf.Session() as sess:
    for i in range(FLAGS.steps):
        print(i, sess.run(y))

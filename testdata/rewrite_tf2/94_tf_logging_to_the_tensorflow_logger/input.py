# tf.logging: TF2's tf.get_logger(), the same "tensorflow" Python logger TF1's tf.logging
# wrote to (its verbosity a level name).
import tensorflow as tf

tf.logging.set_verbosity(tf.logging.INFO)
x = tf.constant([1.0, 2.0])
y = x * 3.0
with tf.Session() as sess:
    value = sess.run(y)
    tf.logging.info("y = %s", value)
    print(value)

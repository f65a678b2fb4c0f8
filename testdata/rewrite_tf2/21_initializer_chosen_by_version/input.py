# The initializer picked by a version check (old tutorials support TF < 0.12), run by name.
import tensorflow as tf

count = tf.Variable(0, name="count")
step = tf.assign(count, tf.add(count, tf.constant(2)))
if int(tf.__version__.split(".")[0]) < 1 and int(tf.__version__.split(".")[1]) < 12:
    init = tf.initialize_all_variables()
else:
    init = tf.global_variables_initializer()
with tf.Session() as sess:
    sess.run(init)
    for _ in range(3):
        sess.run(step)
        print(sess.run(count))

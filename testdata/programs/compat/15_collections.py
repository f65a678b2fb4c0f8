# Collections and GraphKeys: trainable / non-trainable / custom collections.
import tensorflow as tf

w = tf.get_variable("w", [2], initializer=tf.ones_initializer())
step = tf.Variable(0, trainable=False, name="step")
tf.add_to_collection("my_losses", tf.reduce_sum(w))
tf.add_to_collection("my_losses", tf.constant(2.0))
total = tf.add_n(tf.get_collection("my_losses"))
print("trainable", [v.op.name for v in tf.trainable_variables()])
print("global", [v.op.name for v in tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES)])
print("trainable key", [v.op.name for v in tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES)])
with tf.Session() as sess:
    sess.run(tf.variables_initializer(tf.global_variables()))
    print("total", sess.run(total))
    print("uninitialized", sess.run(tf.report_uninitialized_variables()).tolist())

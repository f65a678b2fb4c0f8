# A variable split into shards by a partitioner: TF2 has no partitioned variables outside
# a ParameterServerStrategy, so the conversion refuses with the reason.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

x = tf.compat.v1.placeholder(tf.float32, [None, 4])
with tf.compat.v1.variable_scope("embed", partitioner=tf.compat.v1.fixed_size_partitioner(2)):
    table = tf.compat.v1.get_variable("table", [6, 4], initializer=tf.ones_initializer())
y = tf.matmul(x, tf.transpose(table))
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print(sess.run(y, feed_dict={x: np.ones([1, 4], np.float32)}))

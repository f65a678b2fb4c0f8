# A variable split into shards by a partitioner: TF2 has no partitioned variables outside
# a ParameterServerStrategy, so the conversion refuses with the reason.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4])
with tf.variable_scope("embed", partitioner=tf.fixed_size_partitioner(2)):
    table = tf.get_variable("table", [6, 4], initializer=tf.ones_initializer())
y = tf.matmul(x, tf.transpose(table))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y, feed_dict={x: np.ones([1, 4], np.float32)}))

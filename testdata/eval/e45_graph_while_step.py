"""A TF1 loop condition on the global step."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
global_step = tf.compat.v1.train.get_or_create_global_step()
increment = tf.compat.v1.assign_add(global_step, 1)
max_steps = 100


with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    while global_step < max_steps:  # expect: TFM603
        sess.run(increment)

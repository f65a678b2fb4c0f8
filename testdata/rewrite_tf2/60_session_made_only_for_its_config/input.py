# Sessions made only for their configuration: nothing runs them, so nothing they configure
# reaches a run (a session's options are its own runs'; TF1 sets the GPUs up with the first
# session's gpu_options). They go, with the ConfigProto made and set only for them.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.matmul(x, x)
sess = tf.Session()
print("y", sess.run(y))

config = tf.ConfigProto()
config.gpu_options.per_process_gpu_memory_fraction = 0.4
sess_limited = tf.Session(config=config)
sess_quiet = tf.Session(config=tf.ConfigProto(log_device_placement=False))
print("y + 1", sess.run(y + 1.0))
sess.close()

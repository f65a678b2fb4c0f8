import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1.train import get_global_step
from tensorflow.train import create_global_step

global_step = tf.train.get_or_create_global_step()  # expect: TFM303
same = tf1.train.get_or_create_global_step()  # expect: TFM303
current = get_global_step()  # expect: TFM303
fresh = create_global_step(tf1.Graph())  # expect: TFM303
opt = tf1.train.AdamOptimizer(1e-3)


def model_fn(loss):
    return opt.minimize(loss, global_step=tf1.train.get_global_step())  # expect: TFM303


with tf1.Session() as sess:
    print(tf.train.global_step(sess, global_step))  # expect: TFM303

# Must not fire:
optimizer = tf.keras.optimizers.Adam(1e-3)  # ok
steps_done = optimizer.iterations  # ok: the TF2 step counter
step = tf.Variable(0, dtype=tf.int64, trainable=False, name="global_step")  # ok: an explicit variable
checkpoint = tf.train.Checkpoint(step=step, optimizer=optimizer)  # ok
step.assign_add(1)  # ok


def average_checkpoints(var_values):
    tf_vars = [tf.compat.v1.get_variable(name, shape=v.shape) for name, v in var_values.items()]
    global_step = tf.Variable(0, name="global_step", trainable=False, dtype=tf.int64)  # expect: TFM303
    saver = tf.compat.v1.train.Saver(tf_vars)
    return saver

# Two experiments in one script, each on a fresh default graph (the cookbook shape): the
# reset between them splits the script into parts converted one by one.
import numpy as np
import tensorflow as tf

w = tf.Variable(1.0, name="w_first")

optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.1)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train(x):
    loss = tf.reduce_mean(tf.square(w * x - 4.0))
    train = optimizer.minimize(loss, var_list=[w])
    return None


@tf.function
def run_w():
    return w


for _ in range(5):
    run_train(x=np.array([1.0, 2.0], np.float32))
print("first", round(float(_numpy(run_w())), 4))

w = tf.Variable(-1.0, name="w_second")

optimizer_2 = tf.compat.v1.train.GradientDescentOptimizer(0.05)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train_2(x):
    loss = tf.reduce_mean(tf.abs(w * x + 3.0))
    train = optimizer_2.minimize(loss, var_list=[w])
    return None


@tf.function
def run_w_2():
    return w


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_loss(x):
    loss = tf.reduce_mean(tf.abs(w * x + 3.0))
    return loss


for _ in range(5):
    run_train_2(x=np.array([2.0, 1.0], np.float32))
print("second", round(float(_numpy(run_w_2())), 4), round(float(_numpy(run_loss(x=np.array([1.0], np.float32)))), 4))

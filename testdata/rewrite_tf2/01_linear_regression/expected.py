# A linear regression trained by feeding placeholders through sess.run.
import numpy as np
import tensorflow as tf

xs = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 0.5]], dtype=np.float32)
ys = np.array([[5.0], [4.0], [4.0]], dtype=np.float32)

W = tf.Variable(tf.zeros([2, 1]), name="W")
b = tf.Variable(tf.zeros([1]), name="b")
optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.05)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_loss(x, y_true):
    y = tf.matmul(x, W) + b
    loss = tf.reduce_mean(tf.square(y - y_true))
    train = optimizer.minimize(loss, var_list=[W, b])
    return [None, loss]


@tf.function
def run_W():
    return W


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_y(x):
    y = tf.matmul(x, W) + b
    return y


for step in range(20):
    _, l = _numpy(run_train_loss(x=xs, y_true=ys))
    if step % 5 == 0:
        print("step", step, "loss", l)
print("W", _numpy(run_W()))
print("prediction", _numpy(run_y(x=[[1.0, 1.0]])))

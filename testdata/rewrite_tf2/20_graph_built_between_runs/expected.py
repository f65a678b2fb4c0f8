# The graph is finished inside the session block, after the initializer ran (TF1 adds
# the ops to the session's graph): those ops join the functions.
import numpy as np
import tensorflow as tf

w = tf.Variable(0.0)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.float32),
])
def run_step_loss(x, y):
    pred = w * x
    loss = tf.reduce_mean(tf.square(pred - y))
    step = opt.minimize(loss, var_list=[w])
    return [None, loss]


@tf.function
def run_w():
    return w


opt = tf.compat.v1.train.GradientDescentOptimizer(0.1)
data = np.array([1.0, 2.0, 3.0], np.float32)
for i in range(4):
    _, value = _numpy(run_step_loss(x=data, y=2.0 * data))
    print(i, round(float(value), 4))
print("w", round(float(_numpy(run_w())), 4))

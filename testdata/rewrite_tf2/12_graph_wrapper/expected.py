# A graph built in its own tf.Graph() and run by a `with` session inside it.
import numpy as np
import tensorflow as tf

data = np.linspace(-1.0, 1.0, 8).astype(np.float32)

a = tf.Variable(0.0, name="a")
c = tf.Variable(1.0, name="c")
opt = tf.compat.v1.train.AdamOptimizer(0.1)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train_loss(x):
    loss = tf.reduce_mean(tf.square(a * x + c - (2.0 * x - 0.5)))
    train = opt.minimize(loss, var_list=[a, c])
    return [None, loss]


@tf.function
def run_a_c():
    return [a, c]


for step in range(25):
    _, l = _numpy(run_train_loss(x=data))
print("loss", round(float(l), 4))
print("a, c", [round(float(t), 3) for t in _numpy(run_a_c())])
print("graph done")
print("end")

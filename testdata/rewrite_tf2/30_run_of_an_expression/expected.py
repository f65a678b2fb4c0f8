# sess.run of expressions built from Python values at the run (no graph tensor, no
# variable, no random op): TF2 runs the same ops eagerly where the run was; a helper
# that returns one tensor gives `.numpy()`, a many-valued op `_numpy`.
import numpy as np
import tensorflow as tf


xs = np.linspace(-2.0, 2.0, 5)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


print("relu", tf.nn.relu([-3.0, 3.0, 10.0]).numpy())
y = tf.nn.sigmoid(xs).numpy()
print("sigmoid", np.round(y, 4))


def poly(v):
    # 3v^2 - v + 10
    return tf.subtract(3 * tf.square(v), v) + 10


def halves(v):
    return tf.split(tf.constant(v), 2)


print("poly", poly(11).numpy())
for n in range(3):
    print(n, poly(n).numpy())
print("halves", _numpy(halves([1.0, 2.0, 3.0, 4.0])))
print("unstack", _numpy(tf.unstack(tf.eye(2))))

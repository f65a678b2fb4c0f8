# The initializer picked by a version check (old tutorials support TF < 0.12), run by name.
import tensorflow as tf

count = tf.Variable(0, name="count")


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function
def run_step():
    step = tf.compat.v1.assign(count, tf.add(count, tf.constant(2)))
    return step


@tf.function
def run_count():
    return count


for _ in range(3):
    run_step()
    print(_numpy(run_count()))

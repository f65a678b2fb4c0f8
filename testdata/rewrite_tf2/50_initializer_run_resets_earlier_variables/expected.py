# The second example's session runs the global initializer: TF1 initializes every
# variable of the graph in that session, the first example's too, whose value it then
# holds. Where the first part changed one, TF2 assigns it its initial value there again.
import tensorflow as tf

total = tf.Variable(100.0, name="total")


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function
def run_spend():
    spend = total.assign_sub(30.0)
    return spend


print("spent", _numpy(run_spend()))

rate = tf.Variable(0.5, name="rate")


@tf.function
def run_doubled():
    doubled = rate.assign(rate * 2.0)
    return doubled


total.assign(100.0)
print("doubled", _numpy(run_doubled()), _numpy(run_doubled()))

# Counters updated by assign ops, an initializer run by name, a tuple fetch.
import tensorflow as tf

total = tf.Variable(0.0, name="total")
calls = tf.Variable(0, name="calls", trainable=False)


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
def run_add(amount):
    add = total.assign_add(amount)  # the TF1 update op
    return add


@tf.function
def run_count():
    count = calls.assign_add(1)
    return count


@tf.function
def run_mean():
    mean = total / tf.cast(calls, tf.float32)
    return mean


for value in [1.0, 2.5, 4.0]:
    run_add(amount=value)
    run_count()
    t, n = (total.numpy(), calls.numpy())
    print("total", t, "calls", n)
print("mean", run_mean().numpy())
print("done")

"""TF1 graph code iterating in Python until two tensors agree."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
a = tf.Variable(0)
b = tf.constant(5)
step = a.assign_add(1)
iterations = 0
while not tf.reduce_all(tf.equal(a, b)):  # expect: TFM603
    iterations += 1
    if iterations > 10:
        break
ready = tf.greater(a, 3)
status = "ready" if ready else "waiting"  # expect: TFM603
limit = 3 if iterations > 2 else 4

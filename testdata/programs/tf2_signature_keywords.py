# modes: tf2
# A tf.function with an input_signature called with keyword arguments and with a
# parameter left to its default: TF binds both to the signature's positions (one trace).
import tensorflow as tf

v = tf.Variable(0.0)


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
def add(amount):
    return v.assign_add(amount)


for a in [1.0, 2.5, 4.0]:
    print(add(amount=a).numpy())


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32), tf.TensorSpec(shape=[], dtype=tf.float32)])
def scaled(a, scale=1.0):
    return a * scale


print(scaled(2.0).numpy(), scaled(2.0, scale=3.0).numpy(), scaled(a=1.0).numpy(), scaled(1.0, 5.0).numpy())
print(add.experimental_get_tracing_count(), scaled.experimental_get_tracing_count())
try:
    scaled(1.0, bogus=2.0)
except TypeError as e:
    print("TypeError")

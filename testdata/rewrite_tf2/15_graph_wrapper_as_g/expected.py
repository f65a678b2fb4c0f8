# `with tf.Graph().as_default() as g:` where g only tells the session its graph; an
# InteractiveSession assigned in the block.
import tensorflow as tf

total = tf.Variable(0.0, name="total")


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
def run_add(x=1.0):
    add = total.assign_add(x)
    return add


for v in [1.0, 2.5, -0.5]:
    run_add(x=v)
run_add()
print("total", total.numpy())

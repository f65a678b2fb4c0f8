# TF2: the same loop as Python while/if in a tf.function; AutoGraph builds the while_loop
# and cond from it.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def collatz_steps(v):
    i = tf.constant(0)
    while v > 1:
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        i += 1
    return i


for start in [6, 7, 27]:
    print("start", start, "steps", collatz_steps(tf.constant(start)).numpy())

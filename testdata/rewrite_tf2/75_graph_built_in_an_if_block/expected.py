# A graph built inside an `if` block and run there: only constants and pure ops (no
# variables, random draws or placeholders), each tensor fetched after it is built.
# TF1 computes at the run what TF2 computes eagerly where the block builds it: the block
# stays where it is and its runs take the tensors' values. The graph before it, run at the
# top level, becomes a function as usual. The session places softly (a GPU the machine
# lacks is the CPU), as TF2 does by default.
import sys

import tensorflow as tf
tf.config.set_soft_device_placement(True)


@tf.function
def run_c():
    a = tf.constant([1.0, 2.0, 3.0, 4.0], shape=[2, 2])
    c = tf.matmul(a, a)
    return c


print("top", run_c().numpy())

if len(sys.argv) < 3:
    with tf.device("/cpu:0"):
        a = tf.constant([1.0, 3.0, 5.0], shape=[1, 3])
        b = tf.constant([2.0, 4.0, 6.0], shape=[3, 1])
        with tf.device("/gpu:1"):
            c = tf.matmul(a, b)
            c = tf.reshape(c, [-1])
        d = tf.reshape(tf.matmul(b, a), [-1])
        combined = tf.multiply(c, d)
    print("combined", combined.numpy())
    print("both", [c.numpy(), d.numpy()])

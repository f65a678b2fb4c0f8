# A compat.v1 session assigned in main (never closed), a step counter and two updates.
import numpy as np
import tensorflow as tf


def main():
    counter = tf.Variable(0, trainable=False, name="counter")
    v = tf.Variable([1.0, 2.0, 3.0], name="v")

    @tf.function
    def run_bump():
        bump = counter.assign_add(1)
        return bump

    @tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
    def run_total(x):
        scaled = v * x
        total = tf.reduce_sum(scaled)
        return total

    @tf.function
    def run_shrink():
        shrink = v.assign(v * 0.5)
        return shrink

    for i in range(3):
        run_bump()
        print(i, run_total(x=np.array([1.0, 0.0, 2.0], np.float32)).numpy())
        run_shrink()
    result = [counter.numpy(), v.numpy()]
    print("counter", int(result[0]), "v", result[1].tolist())
    return result


if __name__ == "__main__":
    main()

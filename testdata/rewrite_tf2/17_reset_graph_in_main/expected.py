# tf.reset_default_graph() first thing in main(), the graph and session in main.
import numpy as np
import tensorflow as tf


def main():
    total = tf.Variable(0.0, name="total")

    @tf.function(input_signature=[tf.TensorSpec(shape=[2], dtype=tf.float32)])
    def run_add(a):
        add = tf.compat.v1.assign_add(total, tf.reduce_sum(a))
        return add

    for k in range(3):
        run_add(a=np.array([k, 1.0], np.float32))
    print("total", total.numpy())


if __name__ == "__main__":
    main()

# The TF1 script shape run by tf.app.run: flags at module level, graph and session in main.
import numpy as np
import tensorflow as tf

tf.compat.v1.app.flags.DEFINE_integer("steps", 4, "Training steps.")
FLAGS = tf.compat.v1.app.flags.FLAGS


def main(_):
    w = tf.Variable(0.5, name="w")

    optimizer = tf.compat.v1.train.MomentumOptimizer(0.1, momentum=0.9)

    def _numpy(fetched):
        """What sess.run returned: NumPy values (None for operations)."""
        return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)

    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
    def run_train_loss(x):
        loss = tf.reduce_mean(tf.square(w * x - 2.0 * x))
        train = optimizer.minimize(loss, var_list=[w])
        return [None, loss]

    @tf.function
    def run_w():
        return w

    for step in range(FLAGS.steps):
        _, value = _numpy(run_train_loss(x=np.array([1.0, 2.0], np.float32)))
        print(step, round(float(value), 5))
    print("w", round(float(_numpy(run_w())), 5))


if __name__ == "__main__":
    tf.compat.v1.app.run(main)

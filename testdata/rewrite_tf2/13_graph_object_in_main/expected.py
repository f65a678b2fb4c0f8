# tf.app.run's main builds a named graph and runs it with an assigned session bound to it.
import numpy as np
import tensorflow as tf
from absl import app
from absl import flags

flags.DEFINE_integer("steps", 5, "Training steps.")
FLAGS = flags.FLAGS


def main(_):
    tf.random.set_seed(7)
    w = tf.Variable(tf.random.normal([3, 1], seed=1), name="w")

    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
    def run_step_loss(x):
        with tf.GradientTape() as tape:
            noise = tf.random.uniform([1], -0.01, 0.01, seed=2)
            pred = tf.matmul(x, w) + noise
            loss = tf.reduce_mean(tf.square(pred - 1.0))
        grads = tape.gradient(loss, [w])
        optimizer.apply_gradients(zip(grads, [w]))
        return loss

    batch = np.ones([4, 3], np.float32)
    for i in range(FLAGS.steps):
        value = run_step_loss(x=batch).numpy()
        print(i, round(float(value), 4))
    print("trained")


if __name__ == "__main__":
    app.run(main, flags_parser=lambda args: flags.FLAGS(args, known_only=True))

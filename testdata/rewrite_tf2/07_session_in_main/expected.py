# The TF1 script shape run by tf.app.run: flags at module level, graph and session in main.
import numpy as np
import tensorflow as tf
from absl import app
from absl import flags

flags.DEFINE_integer("steps", 4, "Training steps.")
FLAGS = flags.FLAGS


def main(_):
    w = tf.Variable(0.5, name="w")

    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)

    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
    def run_train_loss(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * x - 2.0 * x))
        grads = tape.gradient(loss, [w])
        optimizer.apply_gradients(zip(grads, [w]))
        return loss

    for step in range(FLAGS.steps):
        value = run_train_loss(x=np.array([1.0, 2.0], np.float32)).numpy()
        print(step, round(float(value), 5))
    print("w", round(float(w.numpy()), 5))


if __name__ == "__main__":
    app.run(main, flags_parser=lambda args: flags.FLAGS(args, known_only=True))

# The graph built at module level (placeholders, variables, a loss and its train op) and
# run in `main`, which tf.app.run calls (`tf.app.run()` runs `__main__.main`). TF1 built the
# graph at import time, before any run; TF2's form builds it when `main` starts: the
# statements move to the top of `main` (the same ops in the same order), which then converts
# as a graph built in a function; tf.app.run becomes absl's app.run(main).
import numpy as np
import tensorflow as tf
from absl import app
from absl import flags

learning_rate = 0.1


def main(_):
    """Trains for a few steps and prints the loss and the weights."""
    # the model
    w = tf.Variable(tf.ones([2, 1]) * 0.1)
    b = tf.Variable(tf.zeros([1]))
    xs = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, 0.1]], np.float32)
    ys = np.array([[1.0], [2.0], [0.3]], np.float32)

    optimizer = tf.keras.optimizers.SGD(learning_rate=learning_rate)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_train_loss(x, y):
        with tf.GradientTape() as tape:
            pred = tf.matmul(x, w) + b
            loss = tf.reduce_mean(tf.square(pred - y))
        grads = tape.gradient(loss, [w, b])
        optimizer.apply_gradients(zip(grads, [w, b]))
        return loss

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
    def run_pred(x):
        pred = tf.matmul(x, w) + b
        return pred

    for i in range(5):
        l = run_train_loss(x=xs, y=ys).numpy()
        print(i, round(float(l), 5))
    print(run_pred(x=xs[:1]).numpy(), w.numpy().ravel())


if __name__ == "__main__":
    app.run(main, flags_parser=lambda args: flags.FLAGS(args, known_only=True))

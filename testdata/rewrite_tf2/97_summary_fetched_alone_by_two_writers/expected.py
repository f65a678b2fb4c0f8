# A merged summary fetched alone, every other step, written by two FileWriters (train and
# test) with add_summary's global_step keyword; one scalar summary.
import os
import tempfile

import numpy as np
import tensorflow as tf

logdir = tempfile.mkdtemp()
data = np.array([[0.5], [1.0], [1.5], [-2.0]], dtype=np.float32)
target = np.array([[1.0], [2.0], [3.0], [-4.0]], dtype=np.float32)
w = tf.Variable([[0.5]], name="w")

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train(x, y):
    with tf.GradientTape() as tape:
        error = tf.reduce_mean(tf.abs(tf.matmul(x, w) - y))
    grads = tape.gradient(error, [w])
    optimizer.apply_gradients(zip(grads, [w]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_error(x, y):
    error = tf.reduce_mean(tf.abs(tf.matmul(x, w) - y))
    return error


train_writer = tf.summary.create_file_writer(os.path.join(logdir, "train"))
test_writer = tf.summary.create_file_writer(os.path.join(logdir, "test"))
for step in range(10):
    run_train(x=data, y=target)
    if step % 2 == 0:
        summary = run_error(x=data, y=target).numpy()
        with train_writer.as_default(step=step):
            tf.summary.scalar("mean_abs_error", summary)
        summary = run_error(x=data[:2], y=target[:2]).numpy()
        with test_writer.as_default(step=step):
            tf.summary.scalar("mean_abs_error", summary)
        print(step, w.numpy()[0, 0].round(5))
train_writer.close()
test_writer.close()
for sub in ("train", "test"):
    print(sub, len(os.listdir(os.path.join(logdir, sub))))

# A TF1 queue input pipeline over arrays: tf.train.slice_input_producer (in order, 3 epochs)
# and tf.train.batch (5 rows, the last smaller batch dropped), run by queue-runner threads a
# Coordinator stops, the loop ending at tf.errors.OutOfRangeError. TF2's form is the tf.data
# pipeline of the same batches in the same order (`from_tensor_slices(...).repeat(3)
# .batch(5, drop_remainder=True)`), iterated by `iter()`; the threads, the Coordinator and
# their statements go (`not coord.should_stop()` is True).
import numpy as np
import tensorflow as tf

features = np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(12, 2)
targets = features.sum(axis=1, keepdims=True) * 0.5
x_batch_dataset = tf.data.Dataset.from_tensor_slices((features, targets)).repeat(3).batch(5, drop_remainder=True)
x_batch_iterator = iter(x_batch_dataset)
w = tf.Variable(tf.zeros([2, 1]))
b = tf.Variable(tf.zeros([1]))

optimizer = tf.keras.optimizers.SGD(learning_rate=0.2)


@tf.function
def run_train_loss():
    with tf.GradientTape() as tape:
        x_batch, y_batch = x_batch_iterator.get_next()
        loss = tf.reduce_mean(tf.square(tf.matmul(x_batch, w) + b - y_batch))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


step = 0
try:
    while True:
        l = run_train_loss().numpy()
        if step % 2 == 0:
            print(step, round(float(l), 5))
        step += 1
except tf.errors.OutOfRangeError:
    print("done after", step, "batches")
print(w.numpy().ravel(), b.numpy())

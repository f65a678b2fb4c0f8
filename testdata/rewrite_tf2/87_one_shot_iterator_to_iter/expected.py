# A v1 one-shot iterator over a dataset made from arrays: TF2 iterates the dataset itself
# (`iter(dataset)`, made once where TF1 made the iterator); each function that computes
# `get_next()` takes the next batch, as each TF1 run of the op did, and past the last one
# raises tf.errors.OutOfRangeError, as sess.run did. A run that needs no batch takes none.
import numpy as np
import tensorflow as tf

xs = np.linspace(-1.0, 1.0, 10, dtype=np.float32).reshape(10, 1)
ys = 3.0 * xs + 0.5
dataset = tf.data.Dataset.from_tensor_slices((xs, ys)).repeat(3).batch(5)
iterator = iter(dataset)
w = tf.Variable([[0.0]])
b = tf.Variable([0.0])

optimizer = tf.keras.optimizers.SGD(learning_rate=0.2)


@tf.function
def run_train_loss():
    with tf.GradientTape() as tape:
        batch_x, batch_y = iterator.get_next()
        loss = tf.reduce_mean(tf.square(tf.matmul(batch_x, w) + b - batch_y))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


step = 0
try:
    while True:
        value = run_train_loss().numpy()
        if step % 2 == 0:
            print(step, round(float(value), 5))
        step += 1
except tf.errors.OutOfRangeError:
    print("epochs done after", step, "batches")
print(w.numpy(), b.numpy())

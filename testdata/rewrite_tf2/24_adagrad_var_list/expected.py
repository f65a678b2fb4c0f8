# Adagrad (TF1 divides by the square root of the accumulator, without epsilon) on an
# explicit var_list: `frozen` is trainable but not trained.
import numpy as np
import tensorflow as tf

xs = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype=np.float32)
ys = np.array([[2.0], [-1.0], [1.0]], dtype=np.float32)
w = tf.Variable(tf.zeros([2, 1]))
frozen = tf.Variable([0.5])

optimizer = tf.keras.optimizers.Adagrad(learning_rate=0.3, initial_accumulator_value=0.05, epsilon=0.0)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + frozen - y))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss(x, y):
    loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + frozen - y))
    return loss


for i in range(15):
    run_train(x=xs, y=ys)
print("loss", round(float(run_loss(x=xs, y=ys).numpy()), 5))
print(np.round(w.numpy(), 4).ravel().tolist(), frozen.numpy().tolist())

# A linear regression trained by feeding placeholders through sess.run.
import numpy as np
import tensorflow as tf

xs = np.array([[1.0, 2.0], [2.0, 1.0], [3.0, 0.5]], dtype=np.float32)
ys = np.array([[5.0], [4.0], [4.0]], dtype=np.float32)

W = tf.Variable(tf.zeros([2, 1]), name="W")
b = tf.Variable(tf.zeros([1]), name="b")
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_loss(x, y_true):
    with tf.GradientTape() as tape:
        y = tf.matmul(x, W) + b
        loss = tf.reduce_mean(tf.square(y - y_true))
    grads = tape.gradient(loss, [W, b])
    optimizer.apply_gradients(zip(grads, [W, b]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_y(x):
    y = tf.matmul(x, W) + b
    return y


for step in range(20):
    l = run_train_loss(x=xs, y_true=ys).numpy()
    if step % 5 == 0:
        print("step", step, "loss", l)
print("W", W.numpy())
print("prediction", run_y(x=[[1.0, 1.0]]).numpy())

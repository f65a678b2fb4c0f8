# Gradient descent written by hand: tf.gradients of the loss and assigns of each variable,
# run with the loss. TF2's form computes the loss under a GradientTape and takes the
# gradients from it.
import numpy as np
import tensorflow as tf

xs = np.array([[0.0], [1.0], [2.0], [3.0]], dtype=np.float32)
ys = np.array([[1.0], [3.0], [5.0], [7.0]], dtype=np.float32)
w = tf.Variable([[0.5]], name="w")
b = tf.Variable([0.0], name="b")


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_update_w_update_b_loss(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    grad_w, grad_b = tape.gradient(loss, [w, b])
    update_w = w.assign(w - 0.05 * grad_w)
    update_b = b.assign(b - 0.05 * grad_b)
    return [update_w, update_b, loss]


for step in range(40):
    _, _, l = [t.numpy() for t in run_update_w_update_b_loss(x=xs, y=ys)]
    if step % 10 == 0:
        print(step, round(float(l), 5))
print("w", w.numpy().round(4), "b", b.numpy().round(4))

# TF2, fixed: the losses of one step are collected in a list local to the step.
import numpy as np
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, -1.0], name="w")

    def __call__(self, x, losses):
        pred = tf.reduce_sum(x * self.w, axis=1)
        losses.append(0.01 * tf.reduce_sum(tf.square(self.w)))
        losses.append(tf.reduce_mean(tf.square(pred - 1.0)))
        return pred


data = np.array([[1.0, 2.0], [0.5, -1.0]], dtype=np.float32)
model = Model()
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x):
    step_losses = []
    with tf.GradientTape() as tape:
        model(x, step_losses)
        total_loss = tf.reduce_sum(step_losses)
    grads = tape.gradient(total_loss, [model.w])
    opt.apply_gradients(zip(grads, [model.w]))
    return total_loss


for step in range(3):
    t = train_step(data).numpy()
    print("step", step, "total", f"{t:.5f}")

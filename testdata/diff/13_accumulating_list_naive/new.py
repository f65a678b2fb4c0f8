# TF2, naive (the guide's example): the same Model runs eagerly every step, so the global
# list grows every step and the total sums the losses of all steps so far.
import numpy as np
import tensorflow as tf

all_losses = []


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, -1.0], name="w")

    def __call__(self, x):
        pred = tf.reduce_sum(x * self.w, axis=1)
        all_losses.append(0.01 * tf.reduce_sum(tf.square(self.w)))
        all_losses.append(tf.reduce_mean(tf.square(pred - 1.0)))
        return pred


data = np.array([[1.0, 2.0], [0.5, -1.0]], dtype=np.float32)
model = Model()
opt = tf.keras.optimizers.SGD(0.1)


def train_step(x):
    with tf.GradientTape() as tape:
        model(x)
        total_loss = tf.reduce_sum(all_losses)
    grads = tape.gradient(total_loss, [model.w])
    opt.apply_gradients(zip(grads, [model.w]))
    return total_loss


for step in range(3):
    t = train_step(data).numpy()
    print("step", step, "total", f"{t:.5f}")

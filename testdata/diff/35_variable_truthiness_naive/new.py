# TF2, naive: the same layer in a tf.function. `if self.b:` now tests the variable's VALUE:
# AutoGraph turns it into a tf.cond on a float32 tensor and refuses it ("ValueError:
# condition of if statement expected to be `tf.bool` scalar"); run eagerly it would be
# False for b = 0.0 and silently skip the bias.
import numpy as np
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, use_bias):
        super().__init__()
        self.w = tf.Variable(2.0, name="w")
        self.b = tf.Variable(0.0, name="b") if use_bias else None

    def __call__(self, x):
        y = x * self.w
        if self.b:
            y = y + self.b
        return y


layer = Dense(use_bias=True)
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x) - 1.0))
    grads = tape.gradient(loss, [layer.w, layer.b])
    opt.apply_gradients(zip(grads, [layer.w, layer.b]))
    return loss


data = np.array([0.5, 1.0, -0.5], dtype=np.float32)
for step in range(3):
    l = train_step(data).numpy()
    print("step", step, "loss", f"{l:.5f}")

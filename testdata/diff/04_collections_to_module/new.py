# TF2: the model is a tf.Module; its trainable_variables replace the global collection.
import numpy as np
import tensorflow as tf


class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[0.5], [-0.5]], name="w")
        self.b = tf.Variable([0.25], name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


model = Linear()
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x):
    with tf.GradientTape() as tape:
        l2 = tf.add_n([tf.reduce_sum(tf.square(v)) for v in model.trainable_variables])
        loss = tf.reduce_mean(tf.square(model(x) - 1.0)) + 0.1 * l2
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


data = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype=np.float32)
for step in range(4):
    l = train_step(data).numpy()
    print("step", step, "loss", f"{l:.5f}")
print("trainable", len(model.trainable_variables))

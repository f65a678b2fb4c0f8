# modes: tf2
# Weight regularizers (L2, "l1", l1_l2) and add_loss() from a layer's call: model.losses
# (the call's losses, cleared when an outermost call starts, then the weight penalties);
# fit adds them to the compiled loss (history "loss" includes them); a manual tape step.
import numpy as np
import tensorflow as tf


class ActivityPenalty(tf.keras.layers.Layer):
    def call(self, x):
        self.add_loss(0.1 * tf.reduce_mean(tf.square(x)))
        return x


model = tf.keras.Sequential([
    tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Constant(0.4),
                          kernel_regularizer=tf.keras.regularizers.L2(0.05), bias_regularizer="l1"),
    ActivityPenalty(),
    tf.keras.layers.Dense(1, kernel_initializer="ones",
                          kernel_regularizer=tf.keras.regularizers.l1_l2(l1=0.01, l2=0.02)),
])
x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(4, 2)
y = np.array([1.0, 0.0, -1.0, 0.5], np.float32)
print(model.losses)
model(x)
print([float(l) for l in model.losses])
model(x[:2])
print(len(model.losses), float(model.losses[0]))
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
print(model.fit(x, y, epochs=3, batch_size=2, shuffle=False, verbose=0).history["loss"])
print(model.evaluate(x, y, verbose=0))
model(x)
print([float(l) for l in model.losses])
with tf.GradientTape() as tape:
    pred = model(x, training=True)
    total = tf.keras.losses.MeanSquaredError()(y, pred) + tf.add_n(model.losses)
grads = tape.gradient(total, model.trainable_variables)
print(float(total), [g.numpy().ravel().tolist() for g in grads])

"""Keras training with a logging callback: Python side effects outside tf.function."""
import tensorflow as tf


class LossHistory(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.losses_seen = []

    def on_epoch_end(self, epoch, logs=None):
        self.losses_seen.append(logs["loss"])
        print(f"epoch {epoch}: {logs['loss']:.4f}")


model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), loss="mse")
history = LossHistory()
model.fit(tf.random.normal([32, 3]), tf.random.normal([32, 1]), epochs=2, callbacks=[history], verbose=0)
print(min(history.losses_seen))

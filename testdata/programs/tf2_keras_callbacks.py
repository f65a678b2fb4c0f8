# modes: tf2
# fit callbacks: EarlyStopping on val_loss with restore_best_weights, LearningRateScheduler
# (halving the rate; its "learning_rate" joins the history), a Callback subclass reading the
# logs and the model, a LambdaCallback counting batches; validation_split holds out the tail.
import numpy as np
import tensorflow as tf

x = np.linspace(-1, 1, 16, dtype=np.float32).reshape(8, 2)
y = np.array([1.0, 0.0, -1.0, 0.5, 0.2, -0.3, 0.8, 0.1], np.float32)
model = tf.keras.Sequential([
    tf.keras.Input((2,)),
    tf.keras.layers.Dense(4, activation="relu", kernel_initializer=tf.keras.initializers.Constant(
        [[0.5, -0.3, 0.2, 0.1], [0.4, 0.6, -0.5, 0.3]])),
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="mse", metrics=["mae"])
seen = []


class Record(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        seen.append((epoch, sorted(logs), float(self.model.optimizer.learning_rate)))


stop = tf.keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, restore_best_weights=True)
schedule = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5 if epoch > 0 else lr)
batches = []
hist = model.fit(x, y, epochs=12, batch_size=3, shuffle=False, verbose=0, validation_split=0.25,
                 callbacks=[schedule, stop, Record(),
                            tf.keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: batches.append(b))])
print(hist.epoch, list(hist.history))
for k in hist.history:
    print(k, hist.history[k])
print(seen)
print(stop.stopped_epoch, stop.best, stop.best_epoch, model.stop_training, batches)
print(model.evaluate(x, y, verbose=0), model.layers[1].kernel.numpy().ravel().tolist())

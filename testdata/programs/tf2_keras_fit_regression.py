# modes: tf2
# model.compile / fit / evaluate / predict / train_on_batch on a Sequential regression model
# (Keras 3: fit's per-epoch "loss" is the batch-size-weighted mean over the epoch's batches,
# the last batch here being partial; optimizer and loss given as strings with Keras 3 defaults).
import numpy as np
import tensorflow as tf

x = (np.arange(14, dtype=np.float64).reshape(7, 2) - 6.0) / 4.0     # float64: Keras casts to float32
y = np.array([0.5, -1.0, 0.25, 1.5, -0.5, 0.0, 1.0])

model = tf.keras.Sequential([
    tf.keras.Input(shape=(2,)),
    tf.keras.layers.Dense(3, activation="relu", kernel_initializer=tf.keras.initializers.Constant([[0.4, -0.3, 0.2],
                                                                                                  [0.1, 0.5, -0.6]]),
                          bias_initializer=tf.keras.initializers.Constant(0.1)),
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])
print(model.built, [v.path for v in model.weights])
model.compile(optimizer="sgd", loss="mse")
print(type(model.optimizer).__name__, model.loss)
history = model.fit(x, y, epochs=4, batch_size=3, shuffle=False, verbose=0)
print(sorted(history.history), history.epoch, history.params)
print(history.history["loss"])
print(model.evaluate(x, y, verbose=0))
print(model.evaluate(x, y, batch_size=2, verbose=0, return_dict=True))
pred = model.predict(x, verbose=0)
print(type(pred).__name__, pred.dtype, pred.shape, pred.ravel().tolist())
print(model.predict(x[:3], batch_size=2, verbose=0).ravel().tolist())
print(model.train_on_batch(x[:4], y[:4]), int(model.optimizer.iterations.numpy()))
print([w.ravel().tolist() for w in model.get_weights()])

# modes: tf2
# compile options beyond the basics: a metric object (its variables made by the program),
# a loss given as a function, categorical crossentropy on one-hot labels with a softmax layer,
# fit with validation_split (Keras holds out the last fraction), test_on_batch,
# tf.keras.backend.clear_session resetting Keras's layer names.
import numpy as np
import tensorflow as tf

tf.keras.backend.clear_session()
x = np.linspace(-1, 1, 20, dtype=np.float32).reshape(10, 2)
labels = (x[:, 0] > 0).astype(np.int64) + (x[:, 1] > 0.5).astype(np.int64)
onehot = np.eye(3, dtype=np.float32)[labels]
acc = tf.keras.metrics.CategoricalAccuracy()
print(acc.name, [v.path for v in acc.variables], tf.keras.backend.floatx(), tf.keras.backend.epsilon())

model = tf.keras.Sequential([
    tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Constant([[1.0, -1.0, 0.5], [0.5, 0.2, -0.4]])),
    tf.keras.layers.Activation("softmax"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.3), loss="categorical_crossentropy", metrics=[acc, "mse"])
hist = model.fit(x, onehot, validation_split=0.3, epochs=3, batch_size=4, shuffle=False, verbose=0)
for k in hist.history:
    print(k, hist.history[k])
print(model.evaluate(x, onehot, verbose=0))
print(model.test_on_batch(x[:4], onehot[:4]), model.test_on_batch(x[4:], onehot[4:], return_dict=True))
print(float(tf.keras.losses.categorical_crossentropy(onehot[:2], model.predict(x[:2], verbose=0))[1]))

tf.keras.backend.clear_session()
reg = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="zeros")], name="regressor")
print(reg.name, reg.layers[0].name)
reg.build((None, 2))
print(reg.built, [v.path for v in reg.weights])
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.keras.losses.MAE(tf.constant([[1.0], [2.0]]), reg(tf.constant([[1.0, 2.0], [3.0, 4.0]]))))
print(float(loss), [g.numpy().ravel().tolist() for g in tape.gradient(loss, reg.trainable_variables)])

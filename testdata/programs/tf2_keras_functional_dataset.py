# modes: tf2
# The Keras functional API (tf.keras.Input, layers called on KerasTensors,
# tf.keras.Model(inputs, outputs)) trained with fit on a batched tf.data.Dataset (Keras
# ignores shuffle for a dataset), SGD with momentum, a BinaryCrossentropy(from_logits=True)
# loss with metrics=["accuracy"] (binary accuracy: one output unit), evaluate / predict on datasets.
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(2, 2), name="pixels")
flat = tf.keras.layers.Flatten()(inputs)
hidden = tf.keras.layers.Dense(3, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(
    [[0.2, -0.1, 0.3], [0.4, 0.1, -0.2], [-0.3, 0.2, 0.1], [0.1, -0.4, 0.2]]))(flat)
logit = tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant([[1.0], [-1.0], [0.5]]),
                              bias_initializer=tf.keras.initializers.Constant(-0.1))(hidden)
model = tf.keras.Model(inputs=inputs, outputs=logit, name="pixel_classifier")
print(inputs.shape, flat.shape, hidden.shape, logit.shape)
print(model.name, [l.name for l in model.layers], [v.path for v in model.trainable_variables])

images = (np.arange(24, dtype=np.float32).reshape(6, 2, 2) % 5 - 2.0) / 2.0
labels = np.array([[1.0], [0.0], [1.0], [1.0], [0.0], [0.0]], dtype=np.float32)
print(model(images).numpy().ravel().tolist())

ds = tf.data.Dataset.from_tensor_slices((images, labels)).batch(4)
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.2, momentum=0.9),
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True), metrics=["accuracy"])
hist = model.fit(ds, epochs=3, verbose=0)
for k in sorted(hist.history):
    print(k, hist.history[k])
print(model.evaluate(ds, verbose=0))
print(model.predict(tf.data.Dataset.from_tensor_slices(images).batch(5), verbose=0).ravel().tolist())
print(model.predict(images, verbose=0).shape, int(model.optimizer.iterations.numpy()))

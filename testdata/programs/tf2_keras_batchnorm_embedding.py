# modes: tf2
# BatchNormalization (moving statistics at inference, batch moments plus the moving-average
# update under training=True, which fit passes) and Embedding (ids -> rows; its gradient is
# IndexedSlices, which plain SGD applies like a dense update, repeated ids summing).
import numpy as np
import tensorflow as tf

x = np.array([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 0.5, -0.5], [1.0, 1.0, 1.0]], np.float32)
y = np.array([0.5, -0.5, 1.0, 0.0], np.float32)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(4, kernel_initializer=tf.keras.initializers.Constant(np.linspace(-1, 1, 12).reshape(3, 4))),
    tf.keras.layers.BatchNormalization(),
    tf.keras.layers.ReLU(),
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])
print(model(x).numpy().ravel().tolist())
print(model(x, training=True).numpy().ravel().tolist())
bn = model.layers[1]
print([v.path for v in bn.weights], [v.path for v in model.trainable_variables])
print(bn.moving_mean.numpy().tolist(), bn.moving_variance.numpy().tolist())
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
print(model.fit(x, y, epochs=3, batch_size=2, shuffle=False, verbose=0).history["loss"])
print(bn.moving_mean.numpy().tolist(), bn.moving_variance.numpy().tolist(), bn.gamma.numpy().tolist())
print(model.predict(x, verbose=0).ravel().tolist(), model.evaluate(x, y, verbose=0))

emb = tf.keras.layers.Embedding(5, 2, embeddings_initializer=tf.keras.initializers.Constant(
    np.arange(10).reshape(5, 2) / 10))
text_model = tf.keras.Sequential([emb, tf.keras.layers.Flatten(), tf.keras.layers.Dense(1, kernel_initializer="ones")])
ids = np.array([[0, 3], [4, 4], [1, 2]])
print(text_model(ids).numpy().ravel().tolist(), emb.embeddings.path)
opt = tf.keras.optimizers.SGD(0.1)   # (one compiled model per program: each has a "loss" tracker)
targets = tf.constant([1.0, 0.0, 0.5])
for _ in range(3):
    with tf.GradientTape() as tape:
        loss = tf.keras.losses.MeanSquaredError()(targets, text_model(ids))
    grads = tape.gradient(loss, text_model.trainable_variables)
    opt.apply_gradients(zip(grads, text_model.trainable_variables))
    print(float(loss), type(grads[0]).__name__)
print(emb.embeddings.numpy().tolist())

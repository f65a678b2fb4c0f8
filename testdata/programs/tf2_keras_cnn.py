# modes: tf2
# A small Keras CNN: Conv2D (valid / same padding, strides), MaxPooling2D, AveragePooling2D,
# Flatten, Dense, trained with fit (SGD, sparse categorical crossentropy from logits) and
# with a GradientTape step; weight paths and shapes as Keras 3 names them.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(6, 6, 1)),
    tf.keras.layers.Conv2D(2, 3, activation="relu", kernel_initializer=tf.keras.initializers.Constant(
        np.linspace(-0.5, 0.5, 18).reshape(3, 3, 1, 2)), bias_initializer=tf.keras.initializers.Constant(0.05)),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Conv2D(3, (2, 2), padding="same", kernel_initializer=tf.keras.initializers.Constant(
        np.linspace(0.3, -0.2, 24).reshape(2, 2, 2, 3))),
    tf.keras.layers.AveragePooling2D(pool_size=2, strides=1),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Constant(np.linspace(-1, 1, 9).reshape(3, 3))),
])
images = (np.arange(144, dtype=np.float32).reshape(4, 6, 6, 1) % 7) / 3.0 - 1.0
labels = np.array([0, 1, 2, 1])
print([l.name for l in model.layers])
print([(v.path, tuple(v.shape)) for v in model.weights])
print(model(images).numpy().tolist())

model.compile(optimizer=tf.keras.optimizers.SGD(0.5),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
print(model.fit(images, labels, batch_size=2, epochs=3, shuffle=False, verbose=0).history["loss"])
print(model.predict(images, verbose=0).tolist())

loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    model.optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for _ in range(2):
    print(float(step(images, labels)))
print(model.layers[0].kernel.numpy().ravel().tolist()[:6], int(model.optimizer.iterations.numpy()))

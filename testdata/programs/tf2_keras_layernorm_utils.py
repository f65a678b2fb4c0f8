# modes: tf2
# LayerNormalization (Keras 3's moments / rsqrt formulation) standalone and trained with fit;
# tf.keras.utils.to_categorical (float64 one-hot rows) feeding a categorical crossentropy.
import numpy as np
import tensorflow as tf
from tensorflow.keras.utils import to_categorical

print(to_categorical([0, 2, 1]).tolist(), to_categorical(np.array([[1], [0]]), 3).dtype,
      tf.keras.utils.to_categorical([1, 1], num_classes=2).shape)
norm = tf.keras.layers.LayerNormalization()
x = np.arange(12, dtype=np.float32).reshape(2, 2, 3) ** 1.5 / 10
print(norm(x).numpy().tolist(), [v.path for v in norm.weights], norm.name)

model = tf.keras.Sequential([
    tf.keras.Input((3,)),   # built here: one first built inside fit gets graph-uniquified tf.Variable names
    tf.keras.layers.Dense(4, kernel_initializer=tf.keras.initializers.Constant(np.linspace(-1, 1, 12).reshape(3, 4))),
    tf.keras.layers.LayerNormalization(epsilon=1e-5),
    tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Constant(np.linspace(1, -1, 12).reshape(4, 3))),
])
xs = np.linspace(-1, 2, 12, dtype=np.float32).reshape(4, 3)
ys = to_categorical([0, 1, 2, 1], num_classes=3)
model.compile(optimizer=tf.keras.optimizers.SGD(0.1),
              loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
hist = model.fit(xs, ys, epochs=3, batch_size=2, shuffle=False, verbose=0)
print(hist.history)
print(model.layers[1].gamma.numpy().tolist(), model.layers[1].beta.numpy().tolist())
print(model.predict(xs, verbose=0).argmax(axis=1).tolist())

# modes: tf2
# A two-input functional model with merge and reshaping layers (Concatenate, Add, LeakyReLU,
# Reshape, Lambda), Keras's layer order (inputs first, then by depth), fit / predict /
# evaluate on a list of input arrays; GlobalAveragePooling2D, GlobalMaxPooling2D and a
# Softmax layer in a Sequential.
import numpy as np
import tensorflow as tf

a = tf.keras.Input((2,), name="a")
b = tf.keras.Input((3,), name="b")
ha = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant(0.5))(a)
hb = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant(-0.25))(b)
cat = tf.keras.layers.Concatenate()([ha, hb])
total = tf.keras.layers.Add()([ha, hb])
z = tf.keras.layers.LeakyReLU(negative_slope=0.2)(tf.keras.layers.Concatenate(axis=1)([cat, total]))
r = tf.keras.layers.Reshape((3, 2))(z)
summed = tf.keras.layers.Lambda(lambda t: tf.reduce_sum(t, axis=1))(r)
out = tf.keras.layers.Dense(1, kernel_initializer="ones")(summed)
model = tf.keras.Model([a, b], out)
print(model.name, [l.name for l in model.layers], cat.shape, r.shape, summed.shape)
print([v.path for v in model.trainable_variables])

xa = np.linspace(-1, 1, 10, dtype=np.float32).reshape(5, 2)
xb = np.linspace(1, -2, 15, dtype=np.float32).reshape(5, 3)
y = np.arange(5, dtype=np.float32)
print(model([xa, xb]).numpy().ravel().tolist())
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
print(model.fit([xa, xb], y, batch_size=2, epochs=2, shuffle=False, verbose=0).history)
print(model.predict([xa, xb], verbose=0).ravel().tolist(), model.evaluate([xa, xb], y, verbose=0))

pool = tf.keras.Sequential([tf.keras.Input((4, 4, 2)), tf.keras.layers.GlobalAveragePooling2D(),
                            tf.keras.layers.Softmax()], name="pool")
print(pool(np.arange(64, dtype=np.float32).reshape(2, 4, 4, 2) / 10).numpy().tolist())
print(tf.keras.layers.GlobalMaxPooling2D(keepdims=True)(np.arange(32, dtype=np.float32).reshape(1, 4, 4, 2)).numpy().tolist())

# modes: tf2
# Freezing a layer (layer.trainable = False: its weights leave trainable_variables and fit
# leaves them alone), variables vs weights (a Dropout's seed generator state), count_params,
# get_layer, layer / model repr, and the Keras 3 optimizer's learning_rate variable (read,
# assigned, replaced by attribute), iterations, and its refusal of variables it was not built for.
import numpy as np
import tensorflow as tf

base = tf.keras.layers.Dense(3, kernel_initializer="ones", name="base")
head = tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.5))
x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(4, 2)
y = np.array([1.0, 0.0, -1.0, 0.5], np.float32)
with_dropout = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones"),
                                   tf.keras.layers.Dropout(0.3, seed=5)])
with_dropout(x)
print(len(with_dropout.variables), len(with_dropout.weights), len(with_dropout.non_trainable_variables),
      len(with_dropout.non_trainable_weights), [v.path for v in with_dropout.non_trainable_variables])
model = tf.keras.Sequential([base, tf.keras.layers.Dropout(0.0), head])
model(x)
base.trainable = False
print([v.path for v in model.trainable_variables], [v.path for v in model.non_trainable_weights], base.kernel.trainable)
print(model.count_params(), base.count_params(), model.get_layer("base").name, model.get_layer(index=2).name)
print(model.layers[0], model)

opt = tf.keras.optimizers.SGD(0.1)
print(opt.learning_rate, float(opt.learning_rate), int(opt.iterations.numpy()))
model.compile(optimizer=opt, loss="mse")
print(model.fit(x, y, epochs=2, batch_size=4, verbose=0).history["loss"])
print(base.kernel.numpy().tolist(), head.kernel.numpy().ravel().tolist())
opt.learning_rate = 0.5
print(model.fit(x, y, epochs=1, batch_size=2, shuffle=False, verbose=0).history["loss"])
opt.learning_rate.assign(0.05)
base.trainable = True
print(len(model.trainable_variables), model.evaluate(x, y, verbose=0), float(opt.learning_rate))
print([v.path for v in opt.variables][:2], int(opt.iterations.numpy()))
try:   # Keras 3 builds an optimizer for the variables of its first step only
    model.train_on_batch(x, y)
except ValueError as e:
    print("ValueError", "Unknown variable" in str(e))
print(model.evaluate(x, y, verbose=0))

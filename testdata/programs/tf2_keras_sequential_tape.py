# modes: tf2
# The common TF2 training loop over tf.keras.Sequential: Dense layers with deterministic
# initializers, tf.keras.losses.MeanSquaredError, SGD, a tf.function train step with
# GradientTape over model.trainable_variables; layer names, weight paths, get/set_weights,
# Flatten / ReLU / Activation / Dropout at inference.
import numpy as np
import tensorflow as tf

x = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [-1.0, 2.0, 1.0], [0.0, 0.5, 0.5]])
y = tf.constant([[1.0], [-1.0], [0.5], [0.0]])

model = tf.keras.Sequential([
    tf.keras.layers.Dense(4, activation="relu", kernel_initializer=tf.keras.initializers.Constant(0.2),
                          bias_initializer=tf.constant_initializer(0.1)),
    tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant([[0.5], [-0.25], [0.125], [1.0]])),
])
print(model.name, [l.name for l in model.layers], model.built, len(model.trainable_variables))
print(model(x).numpy().ravel().tolist())
print(model.built, [v.path for v in model.trainable_variables])
print([v.name for v in model.weights], [tuple(v.shape) for v in model.weights])
print(model.layers[0].kernel)

loss_fn = tf.keras.losses.MeanSquaredError()
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(4):
    print("step", step, float(train_step(x, y)))
print(model.predict(x, verbose=0).ravel().tolist())
print([w.shape for w in model.get_weights()], int(opt.iterations.numpy()))

# a second model: Flatten, ReLU, Activation, Dropout (identity at inference), set_weights
m2 = tf.keras.Sequential()
m2.add(tf.keras.layers.Flatten())
m2.add(tf.keras.layers.Dense(3, use_bias=False, kernel_initializer="ones"))
m2.add(tf.keras.layers.ReLU())
m2.add(tf.keras.layers.Dropout(0.5, seed=3))
m2.add(tf.keras.layers.Dense(2, activation="tanh", kernel_initializer="zeros"))
m2.add(tf.keras.layers.Activation("softmax"))
images = np.arange(12, dtype=np.float32).reshape(3, 2, 2) / 10.0 - 0.5
print(m2(images).numpy().tolist())
print([l.name for l in m2.layers], len(m2.weights))
m2.set_weights([np.full((4, 3), 0.5, np.float32), np.array([[1.0, -1.0], [0.5, 0.5], [-0.5, 1.0]], np.float32),
                np.array([0.1, -0.1], np.float32)])
print(m2(images, training=False).numpy().tolist())
print(m2.layers[1].kernel.numpy().sum(), m2.layers[4].bias.numpy().tolist())

# modes: tf2
# Keras 3 RMSprop (plain, momentum, centered) and Adagrad, stepped by apply_gradients on a
# small model in a tf.function; compile's default optimizer ("rmsprop") in a one-model fit.
import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-1, 1, 12, dtype=np.float32).reshape(6, 2))
y = tf.constant([[0.5], [-0.5], [1.0], [0.0], [0.3], [-0.2]])


def make(name):
    return tf.keras.Sequential([
        tf.keras.layers.Dense(3, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(
            [[0.3, -0.2, 0.5], [0.1, 0.4, -0.3]])),
        tf.keras.layers.Dense(1, kernel_initializer="ones")], name=name)


models = []   # kept alive: the final variable listing then holds every model
for name, opt in [("rms", tf.keras.optimizers.RMSprop(0.01)),
                  ("rms_momentum", tf.keras.optimizers.RMSprop(0.01, momentum=0.5)),
                  ("rms_centered", tf.keras.optimizers.RMSprop(learning_rate=0.02, rho=0.8, centered=True)),
                  ("adagrad", tf.keras.optimizers.Adagrad(0.1, initial_accumulator_value=0.2))]:
    model = make(name)
    models.append(model)
    model(x)   # built eagerly (a build inside the first trace gets graph-uniquified tf.Variable names)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    losses = [float(step()) for _ in range(4)]
    print(name, type(opt).__name__, losses, model.layers[0].kernel.numpy().ravel().tolist())

model = make("fitted")
model.compile(loss="mse")
print(type(model.optimizer).__name__, float(model.optimizer.learning_rate))
print(model.fit(x, y, epochs=3, batch_size=4, shuffle=False, verbose=0).history["loss"])

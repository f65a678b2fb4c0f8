# Helpers that share their layers through variable scopes with reuse=AUTO_REUSE (a GAN's
# generator and discriminator): each becomes a Keras layer made once and bound to the
# helper's name, so every call stays as written; its dense layers are named as TF1 named
# them, built (their variables made) in TF1's order, and a scope's trainable collection is
# the layer's variables.
import numpy as np
import tensorflow as tf

tf.random.set_seed(3)
data = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(6, 2)


class Encoder(tf.keras.layers.Layer):
    """Two dense layers in the scope "enc"."""

    def __init__(self):
        super().__init__(name="enc")
        self.hidden = tf.keras.layers.Dense(5, activation=tf.nn.relu, name="hidden")
        self.dense = tf.keras.layers.Dense(2, name="dense")

    def build(self, x_shape):
        self.hidden.build(x_shape)
        self.dense.build([None, 5])

    def call(self, x):
        h = self.hidden(x)
        # the code
        return self.dense(h)


encoder = Encoder()


class Critic(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__(name="critic")
        self.dense = tf.keras.layers.Dense(4, activation=tf.nn.tanh, name="dense")

    def build(self, x_shape):
        self.dense.build(x_shape)

    def call(self, x):
        h = self.dense(x)
        h = h * 0.5
        return tf.reduce_sum(h, axis=1, keepdims=True)


critic = Critic()


# the random op TF1 made here: each run draws this generator's next numbers
noise_generator = tf.random.Generator.from_seed(3).split(1)[0]

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)
optimizer_2 = tf.keras.optimizers.SGD(learning_rate=0.05)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


# the Keras layers built (their variables made) in TF1's order
encoder.build([None, 2])
critic.build([None, 2])


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_c_step(inputs):
    with tf.GradientTape() as tape:
        noise = noise_generator.uniform([6, 2], -1.0, 1.0)
        code = encoder(inputs)
        score_real = critic(code)
        score_fake = critic(noise)
        c_loss = tf.reduce_mean(score_fake) - tf.reduce_mean(score_real)
    grads = tape.gradient(c_loss, critic.trainable_variables)
    optimizer.apply_gradients(zip(grads, critic.trainable_variables))


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_e_step(inputs):
    with tf.GradientTape() as tape:
        code = encoder(inputs)
        score_real = critic(code)
        e_loss = tf.reduce_mean(tf.square(code)) + tf.reduce_mean(score_real)
    grads = tape.gradient(e_loss, encoder.trainable_variables)
    optimizer_2.apply_gradients(zip(grads, encoder.trainable_variables))


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_c_loss_e_loss(inputs):
    noise = noise_generator.uniform([6, 2], -1.0, 1.0)
    code = encoder(inputs)
    score_real = critic(code)
    score_fake = critic(noise)
    c_loss = tf.reduce_mean(score_fake) - tf.reduce_mean(score_real)
    e_loss = tf.reduce_mean(tf.square(code)) + tf.reduce_mean(score_real)
    return [c_loss, e_loss]


@tf.function
def run_score_fake():
    noise = noise_generator.uniform([6, 2], -1.0, 1.0)
    score_fake = critic(noise)
    return score_fake


for step in range(20):
    run_c_step(inputs=data)
    run_e_step(inputs=data)
print(np.round([t.numpy() for t in run_c_loss_e_loss(inputs=data)], 4))
print(_numpy(run_score_fake()).shape)

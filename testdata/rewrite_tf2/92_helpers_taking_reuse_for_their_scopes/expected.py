# The other GAN idiom: the helper takes `reuse` (False by default) for its variable scope,
# the first call makes the layers and every later one passes reuse=True. As with
# AUTO_REUSE, the helper becomes a Keras layer made once and bound to its name; the calls
# keep their input and drop reuse=, which the object needs no more. TF1 initializers become
# the Keras initializers drawing the same distributions.
import numpy as np
import tensorflow as tf

tf.random.set_seed(11)


class Generator(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__(name="generator")
        self.dense = tf.keras.layers.Dense(6, activation=tf.nn.leaky_relu, name="dense")
        self.dense_1 = tf.keras.layers.Dense(2, activation=tf.nn.tanh, name="dense_1")

    def build(self, z_shape):
        self.dense.build(z_shape)
        self.dense_1.build([None, 6])

    def call(self, z):
        h = self.dense(z)
        return self.dense_1(h)


generator = Generator()


class Discriminator(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__(name="discriminator")
        self.dense = tf.keras.layers.Dense(6, activation=tf.nn.leaky_relu, kernel_initializer=tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.3), name="dense")
        self.dense_1 = tf.keras.layers.Dense(1, bias_initializer=tf.keras.initializers.Constant(value=0.1), name="dense_1")

    def build(self, x_shape):
        self.dense.build(x_shape)
        self.dense_1.build([None, 6])

    def call(self, x):
        h = self.dense(x)
        return self.dense_1(h)


discriminator = Discriminator()


rng = np.random.RandomState(0)

optimizer = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)
optimizer_2 = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


# the Keras layers built (their variables made) in TF1's order
generator.build([None, 3])
discriminator.build([None, 2])


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
])
def run_d_step(real, z):
    with tf.GradientTape() as tape:
        fake = generator(z)
        d_real = discriminator(real)
        d_fake = discriminator(fake)
        d_loss = tf.reduce_mean(tf.nn.softplus(-d_real)) + tf.reduce_mean(tf.nn.softplus(d_fake))
    grads = tape.gradient(d_loss, discriminator.trainable_variables)
    optimizer.apply_gradients(zip(grads, discriminator.trainable_variables))


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def run_g_step(z):
    with tf.GradientTape() as tape:
        fake = generator(z)
        d_fake = discriminator(fake)
        g_loss = tf.reduce_mean(tf.nn.softplus(-d_fake))
    grads = tape.gradient(g_loss, generator.trainable_variables)
    optimizer_2.apply_gradients(zip(grads, generator.trainable_variables))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
])
def run_d_loss_g_loss(real, z):
    fake = generator(z)
    d_real = discriminator(real)
    d_fake = discriminator(fake)
    d_loss = tf.reduce_mean(tf.nn.softplus(-d_real)) + tf.reduce_mean(tf.nn.softplus(d_fake))
    g_loss = tf.reduce_mean(tf.nn.softplus(-d_fake))
    return [d_loss, g_loss]


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def run_fake(z):
    fake = generator(z)
    return fake


for step in range(30):
    batch = rng.normal(1.0, 0.5, size=(8, 2)).astype(np.float32)
    noise = rng.uniform(-1.0, 1.0, size=(8, 3)).astype(np.float32)
    run_d_step(real=batch, z=noise)
    run_g_step(z=noise)
    if step % 10 == 0:
        print(step, np.round([t.numpy() for t in run_d_loss_g_loss(real=batch, z=noise)], 4))
print(np.round(_numpy(run_fake(z=noise[:2])), 4))

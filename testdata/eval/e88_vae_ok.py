"""Convolutional VAE training in the style of the TF2 tutorial."""
import tensorflow as tf


class CVAE(tf.keras.Model):
    def __init__(self, latent_dim):
        super().__init__()
        self.latent_dim = latent_dim
        self.encoder = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(latent_dim * 2)])
        self.decoder = tf.keras.Sequential([tf.keras.layers.Dense(784)])

    def encode(self, x):
        mean, logvar = tf.split(self.encoder(x), num_or_size_splits=2, axis=1)
        return mean, logvar

    def reparameterize(self, mean, logvar):
        eps = tf.random.normal(shape=tf.shape(mean))
        return eps * tf.exp(logvar * 0.5) + mean


def compute_loss(model, x):
    mean, logvar = model.encode(x)
    z = model.reparameterize(mean, logvar)
    x_logit = model.decoder(z)
    return tf.reduce_mean(tf.square(x_logit - tf.reshape(x, [-1, 784]))) + tf.reduce_mean(logvar ** 2)


@tf.function
def train_step(model, x, optimizer):
    with tf.GradientTape() as tape:
        loss = compute_loss(model, x)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))


model = CVAE(2)
optimizer = tf.keras.optimizers.Adam(1e-4)
train_dataset = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 28, 28, 1])).batch(4)
epochs = 3
for epoch in range(1, epochs + 1):
    for train_x in train_dataset:
        train_step(model, train_x, optimizer)

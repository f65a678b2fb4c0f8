"""TF2 GAN: one tf.function per network update."""
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.layers.Dense(784, activation="tanh")])
discriminator = tf.keras.Sequential([tf.keras.layers.Dense(1)])
g_opt = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
d_opt = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)


@tf.function
def train_discriminator(real, noise):
    with tf.GradientTape() as tape:
        fake = generator(noise, training=True)
        real_logits = discriminator(real, training=True)
        fake_logits = discriminator(fake, training=True)
        loss = bce(tf.ones_like(real_logits), real_logits) + bce(tf.zeros_like(fake_logits), fake_logits)
    grads = tape.gradient(loss, discriminator.trainable_variables)
    d_opt.apply_gradients(zip(grads, discriminator.trainable_variables))
    return loss


@tf.function
def train_generator(noise):
    with tf.GradientTape() as tape:
        fake_logits = discriminator(generator(noise, training=True), training=True)
        loss = bce(tf.ones_like(fake_logits), fake_logits)
    grads = tape.gradient(loss, generator.trainable_variables)
    g_opt.apply_gradients(zip(grads, generator.trainable_variables))
    return loss


real_images = tf.data.Dataset.from_tensor_slices(tf.random.normal([256, 784])).batch(64)
for epoch in range(2):
    for real in real_images:
        noise = tf.random.normal([64, 100])
        d_loss = train_discriminator(real, noise)
        g_loss = train_generator(noise)
    tf.print("epoch", epoch, d_loss, g_loss)

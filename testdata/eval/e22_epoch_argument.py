"""Passing the epoch index into the compiled step."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam()


@tf.function
def train_step(x, y, epoch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y)) * (1.0 + 0.01 * tf.cast(epoch, tf.float32))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


ds = tf.data.Dataset.from_tensor_slices((tf.ones([8, 2]), tf.zeros([8, 1]))).batch(4)
EPOCHS = 5
for epoch in range(EPOCHS):
    for x, y in ds:
        loss = train_step(x, y, epoch)  # expect: TFM407

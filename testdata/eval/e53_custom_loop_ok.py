"""Custom loop with metrics, checkpointing and a compiled step."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(3)])
optimizer = tf.keras.optimizers.Adam(tf.keras.optimizers.schedules.ExponentialDecay(1e-3, 100, 0.9))
train_loss = tf.keras.metrics.Mean()
ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(y, model(x), from_logits=True))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    train_loss.update_state(loss)
    return loss


data = tf.data.Dataset.from_tensor_slices((tf.random.normal([100, 5]), tf.zeros([100], tf.int32))).batch(10)
for epoch in range(3):
    train_loss.reset_state()
    for x, y in data:
        train_step(x, y)
    print(f"epoch {epoch} loss {train_loss.result().numpy():.3f}")
    ckpt.write(f"/tmp/ckpt-{epoch}")

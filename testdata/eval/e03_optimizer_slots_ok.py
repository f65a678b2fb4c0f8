"""Custom training loop; the optimizer makes its slot variables on the first step."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(32, activation="relu"), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(1e-3)
loss_fn = tf.keras.losses.MeanSquaredError()


@tf.function
def train_step(features, targets):
    with tf.GradientTape() as tape:
        predictions = model(features, training=True)
        loss = loss_fn(targets, predictions)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


dataset = tf.data.Dataset.from_tensor_slices((tf.random.normal([64, 4]), tf.random.normal([64, 1]))).batch(16)
for epoch in range(2):
    for features, targets in dataset:
        loss = train_step(features, targets)
    tf.print("epoch", epoch, "loss", loss)

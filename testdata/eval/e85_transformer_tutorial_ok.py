"""Transformer training skeleton in the style of the TF2 tutorial."""
import numpy as np
import tensorflow as tf


def positional_encoding(length, depth):
    positions = np.arange(length)[:, np.newaxis]
    depths = np.arange(depth)[np.newaxis, :] / depth
    angle_rads = positions / (10000 ** depths)
    return tf.cast(np.concatenate([np.sin(angle_rads), np.cos(angle_rads)], axis=-1), dtype=tf.float32)


def create_padding_mask(seq):
    seq = tf.cast(tf.math.equal(seq, 0), tf.float32)
    return seq[:, tf.newaxis, tf.newaxis, :]


class CustomSchedule(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, d_model, warmup_steps=4000):
        super().__init__()
        self.d_model = tf.cast(d_model, tf.float32)
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        step = tf.cast(step, dtype=tf.float32)
        arg1 = tf.math.rsqrt(step)
        arg2 = step * (self.warmup_steps ** -1.5)
        return tf.math.rsqrt(self.d_model) * tf.math.minimum(arg1, arg2)


learning_rate = CustomSchedule(128)
optimizer = tf.keras.optimizers.Adam(learning_rate, beta_1=0.9, beta_2=0.98, epsilon=1e-9)
model = tf.keras.Sequential([tf.keras.layers.Embedding(1000, 128), tf.keras.layers.Dense(1000)])
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
train_loss = tf.keras.metrics.Mean(name="train_loss")

train_step_signature = [tf.TensorSpec(shape=(None, None), dtype=tf.int64),
                        tf.TensorSpec(shape=(None, None), dtype=tf.int64)]


@tf.function(input_signature=train_step_signature)
def train_step(inp, tar):
    tar_inp = tar[:, :-1]
    tar_real = tar[:, 1:]
    with tf.GradientTape() as tape:
        predictions = model(tar_inp, training=True)
        mask = tf.math.logical_not(tf.math.equal(tar_real, 0))
        loss_ = loss_object(tar_real, predictions) * tf.cast(mask, dtype=tf.float32)
        loss = tf.reduce_sum(loss_) / tf.reduce_sum(tf.cast(mask, tf.float32))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_loss(loss)


dataset = tf.data.Dataset.from_tensor_slices((tf.ones([8, 10], tf.int64), tf.ones([8, 11], tf.int64))).batch(4)
for epoch in range(2):
    train_loss.reset_state()
    for (batch, (inp, tar)) in enumerate(dataset):
        train_step(inp, tar)
        if batch % 50 == 0:
            print(f"Epoch {epoch + 1} Batch {batch} Loss {train_loss.result():.4f}")

"""Training loop with leftover debug prints."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(10)])
opt = tf.keras.optimizers.SGD(0.01)


@tf.function
def train_step(images, labels):
    with tf.GradientTape() as tape:
        logits = model(images)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    print("loss:", loss)  # expect: TFM405
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(f"applied {len(grads)} gradients")  # expect: TFM405
    return loss


images = tf.random.normal([32, 28 * 28])
labels = tf.random.uniform([32], maxval=10, dtype=tf.int32)
for epoch in range(3):
    loss = train_step(images, labels)
    print(f"epoch {epoch}: loss={float(loss):.4f}")

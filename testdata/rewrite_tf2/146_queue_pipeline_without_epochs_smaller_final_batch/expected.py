# A queue pipeline without num_epochs (endless: `repeat()`), tf.train.batch keeping a
# smaller final batch (`allow_smaller_final_batch=True`: no drop_remainder), the session
# made and closed by hand, the coordinator stopped and joined at the end.
import numpy as np
import tensorflow as tf

images = np.arange(30, dtype=np.float32).reshape(10, 3) / 30.0
labels = np.arange(10) % 2
image_batch_dataset = tf.data.Dataset.from_tensor_slices((images, labels)).repeat().batch(4)
image_batch_iterator = iter(image_batch_dataset)
w = tf.Variable(tf.ones([3, 2]) * 0.1)

optimizer = tf.keras.optimizers.Adam(learning_rate=0.05, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function
def run_train_loss():
    with tf.GradientTape() as tape:
        image_batch, label_batch = image_batch_iterator.get_next()
        logits = tf.matmul(image_batch, w)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=label_batch, logits=logits))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    return loss


@tf.function
def run_label_batch():
    image_batch, label_batch = image_batch_iterator.get_next()
    return label_batch


for i in range(7):
    l = run_train_loss().numpy()
    print(i, round(float(l), 5))
print(_numpy(run_label_batch()))

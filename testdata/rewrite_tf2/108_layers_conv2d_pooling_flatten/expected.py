# tf.layers.conv2d, max_pooling2d, average_pooling2d and flatten before a dense layer: each
# conv2d a Keras Conv2D made once and built for its input's channels (read through the layers
# from the placeholder's shape), the pooling layers tf.nn.max_pool2d / avg_pool2d, flatten a
# reshape to [batch, -1], the dense layer built for the flattened width (2 * 2 * 6).
import numpy as np
import tensorflow as tf

tf.random.set_seed(3)
rng = np.random.RandomState(0)
images = rng.rand(8, 12, 12, 1).astype(np.float32)
labels = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)]

conv2d = tf.keras.layers.Conv2D(4, 3, padding="same", activation=tf.nn.relu)
conv2d.build([None, None, None, 1])
conv2d_1 = tf.keras.layers.Conv2D(6, (3, 3), activation=tf.nn.relu)  # valid padding
conv2d_1.build([None, None, None, 4])
dense = tf.keras.layers.Dense(3)
dense.build([None, 24])

optimizer = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 12, 12, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
])
def run_train_loss(x, y):
    with tf.GradientTape() as tape:
        conv1 = conv2d(x)
        pool1 = tf.nn.max_pool2d(conv1, ksize=2, strides=2, padding="VALID")
        conv2 = conv2d_1(pool1)  # valid padding
        pool2 = tf.nn.avg_pool2d(conv2, ksize=2, strides=2, padding="SAME")
        flat = tf.reshape(pool2, [tf.shape(pool2)[0], -1])
        logits = dense(flat)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [*conv2d.trainable_variables, *conv2d_1.trainable_variables, *dense.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*conv2d.trainable_variables, *conv2d_1.trainable_variables, *dense.trainable_variables]))
    return loss


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 12, 12, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
])
def run_accuracy(x, y):
    conv1 = conv2d(x)
    pool1 = tf.nn.max_pool2d(conv1, ksize=2, strides=2, padding="VALID")
    conv2 = conv2d_1(pool1)  # valid padding
    pool2 = tf.nn.avg_pool2d(conv2, ksize=2, strides=2, padding="SAME")
    flat = tf.reshape(pool2, [tf.shape(pool2)[0], -1])
    logits = dense(flat)
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
    return accuracy


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 12, 12, 1], dtype=tf.float32)])
def run_pool2(x):
    conv1 = conv2d(x)
    pool1 = tf.nn.max_pool2d(conv1, ksize=2, strides=2, padding="VALID")
    conv2 = conv2d_1(pool1)  # valid padding
    pool2 = tf.nn.avg_pool2d(conv2, ksize=2, strides=2, padding="SAME")
    return pool2


for step in range(5):
    l = run_train_loss(x=images, y=labels).numpy()
    print(step, round(float(l), 5))
print("accuracy", run_accuracy(x=images, y=labels).numpy())
print("pooled", run_pool2(x=images[:1]).numpy().shape)

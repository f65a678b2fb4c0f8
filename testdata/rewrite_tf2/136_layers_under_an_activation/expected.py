# tf.layers calls under an elementwise activation (`h = tf.nn.relu(tf.layers.dense(x, 16))`,
# as many tutorials stack them): the layer is a Keras layer made once where the statement
# was, built for its input there; the functions call it under the activation.
import numpy as np
import tensorflow as tf

tf.random.set_seed(4)
conv2d = tf.keras.layers.Conv2D(4, 3, padding="same")
conv2d.build([None, None, None, 1])
dense = tf.keras.layers.Dense(16)
dense.build([None, 36])
dense_1 = tf.keras.layers.Dense(3)
dense_1.build([None, 16])

rng = np.random.RandomState(0)
xs = rng.rand(5, 6, 6, 1).astype(np.float32)
ys = rng.randint(0, 3, 5)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 6, 6, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int64),
])
def run_train_loss(images, labels):
    with tf.GradientTape() as tape:
        conv = tf.nn.relu(conv2d(images))
        pool = tf.nn.max_pool2d(conv, ksize=2, strides=2, padding="VALID")
        flat = tf.reshape(pool, [tf.shape(pool)[0], -1])
        hidden = tf.tanh(dense(flat))
        logits = dense_1(hidden)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    grads = tape.gradient(loss, [*conv2d.trainable_variables, *dense.trainable_variables, *dense_1.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*conv2d.trainable_variables, *dense.trainable_variables, *dense_1.trainable_variables]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 6, 6, 1], dtype=tf.float32)])
def run_hidden(images):
    conv = tf.nn.relu(conv2d(images))
    pool = tf.nn.max_pool2d(conv, ksize=2, strides=2, padding="VALID")
    flat = tf.reshape(pool, [tf.shape(pool)[0], -1])
    hidden = tf.tanh(dense(flat))
    return hidden


for step in range(4):
    l = run_train_loss(images=xs, labels=ys).numpy()
    print(step, l)
print(run_hidden(images=xs[:1]).numpy()[0, :4])

"""A fixed dropout mask computed at import time and reused by every step."""
import tensorflow as tf

keep_prob = tf.Variable(0.8, trainable=False)
mask = tf.cast(tf.random.uniform([128]) < keep_prob, tf.float32)  # expect: TFM406
w = tf.Variable(tf.random.normal([128, 10]))
opt = tf.keras.optimizers.SGD(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.matmul(x * mask, w)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


for _ in range(3):
    train_step(tf.ones([2, 128]), tf.one_hot([1, 2], 10))

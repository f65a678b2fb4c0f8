# modes: tf2
# tf.nn.conv2d / max_pool2d / avg_pool2d eagerly and in a tf.function, int and 2-value
# strides, gradients through GradientTape.
import numpy as np
import tensorflow as tf

tf.random.set_seed(5)
x = tf.constant(np.arange(2 * 6 * 6 * 2, dtype=np.float32).reshape(2, 6, 6, 2) / 50.0)
k = tf.Variable(tf.random.normal([2, 2, 2, 3], stddev=0.3))


def forward(inp):
    h = tf.nn.conv2d(inp, k, strides=2, padding="SAME")
    m = tf.nn.max_pool2d(tf.nn.relu(h), ksize=2, strides=[1, 1], padding="VALID")
    a = tf.nn.avg_pool2d(inp, ksize=3, strides=2, padding="SAME")
    return tf.reduce_sum(m) + tf.reduce_sum(a * a), h


@tf.function
def step(inp):
    with tf.GradientTape() as tape:
        loss, h = forward(inp)
    return loss, h, tape.gradient(loss, k)


loss, h, grad = step(x)
print("loss", loss.numpy(), "h", h.shape)
print("grad", grad.numpy()[:, :, 0, 0])
with tf.GradientTape() as tape:
    loss, h = forward(x)
print("eager grad", tape.gradient(loss, k).numpy()[:, :, 1, 2])
print("eager", tf.nn.conv2d(x, k, 1, "VALID").numpy()[1, 0, :, 2])

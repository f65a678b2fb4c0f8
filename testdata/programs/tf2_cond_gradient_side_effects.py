# modes: tf2
# A gradient through tf.cond whose taken branch has side effects (an assign, a Keras
# BatchNormalization's moving-average update while training) runs them once: the backward
# pass neither runs them again nor reads the values they wrote.
import numpy as np
import tensorflow as tf

v = tf.Variable(1.0, name="v")
w = tf.Variable(3.0, name="w")


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.bool)])
def step(flag):
    with tf.GradientTape() as tape:
        def taken():
            out = w * v  # reads v before the assign
            v.assign(v * 0.5 + 1.0)
            return out * w
        y = tf.cond(flag, taken, lambda: w + v)
    return y, tape.gradient(y, w)


for flag in (True, True, False, True):
    y, g = step(tf.constant(flag))
    print(flag, round(float(y), 5), round(float(g), 5), round(float(v.numpy()), 5))

bn = tf.keras.layers.BatchNormalization(momentum=0.5)
bn.build([None, 2])
x = tf.constant(np.array([[1.0, 2.0], [3.0, 5.0], [0.0, 1.0]], np.float32))


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32), tf.TensorSpec(shape=[], dtype=tf.bool)])
def bn_grads(h, training):
    with tf.GradientTape() as tape:
        y = tf.cond(training, lambda: bn(h, training=True), lambda: bn(h, training=False))
        loss = tf.reduce_sum(y * y * h)
    return tape.gradient(loss, bn.trainable_variables)


for training in (True, False, True):
    grads = bn_grads(x, tf.constant(training))
    print(training, [np.round(g.numpy(), 4).tolist() for g in grads],
          np.round(bn.moving_mean.numpy(), 5).tolist(), np.round(bn.moving_variance.numpy(), 5).tolist())

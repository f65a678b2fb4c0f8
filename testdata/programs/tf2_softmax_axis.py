# modes: tf2 tf1
# softmax / log_softmax over an axis other than the last (swapped to the end and back,
# as TF does), the TF 1.x `dim=` spelling, and the gradient through them.
import numpy as np
import tensorflow as tf

x = tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 5.0)
a = tf.nn.softmax(x, axis=1)
b = tf.nn.log_softmax(x, axis=0)
c = tf.nn.softmax(x)
d = tf.compat.v1.nn.softmax(x, dim=-2) if hasattr(tf, "compat") else None
weights = tf.constant(np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(2, 3, 4))
if tf.executing_eagerly():
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.nn.softmax(x, axis=1) * weights)
    g = tape.gradient(loss, x)
    for t in (a, b, c, d, g):
        print(np.round(t.numpy(), 4).tolist())
else:
    loss = tf.reduce_sum(tf.nn.softmax(x, axis=1) * weights)
    g = tf.gradients(loss, x)[0]
    with tf.compat.v1.Session() as sess:
        for t in sess.run([a, b, c, d, g]):
            print(np.round(t, 4).tolist())

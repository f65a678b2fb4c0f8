# TF2, the guide's fix: one tf.function per sess.run site, each running only its update.
import tensorflow as tf

d_w = tf.Variable(1.0, name="d_w")
g_w = tf.Variable(0.5, name="g_w")
d_opt = tf.keras.optimizers.SGD(0.05)
g_opt = tf.keras.optimizers.SGD(0.05)


@tf.function
def train_d():
    with tf.GradientTape() as tape:
        d_loss = tf.square(d_w * g_w - 3.0)
    d_opt.apply_gradients([(tape.gradient(d_loss, d_w), d_w)])
    return d_loss


@tf.function
def train_g():
    with tf.GradientTape() as tape:
        g_loss = tf.square(g_w + d_w - 1.0)
    g_opt.apply_gradients([(tape.gradient(g_loss, g_w), g_w)])
    return g_loss


for step in range(4):
    dl = train_d().numpy()
    print("step", step, "d_loss", f"{dl:.5f}")
    if step % 2 == 1:
        gl = train_g().numpy()
        print("step", step, "g_loss", f"{gl:.5f}")

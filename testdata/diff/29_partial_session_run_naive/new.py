# TF2, naive: the graph-building code became one tf.function and each sess.run became a
# call that returns the loss it fetched. A tf.function is not pruned: both updates run on
# every call, whatever it returns, so the generator trains on every call.
import tensorflow as tf

d_w = tf.Variable(1.0, name="d_w")
g_w = tf.Variable(0.5, name="g_w")
d_opt = tf.keras.optimizers.SGD(0.05)
g_opt = tf.keras.optimizers.SGD(0.05)


@tf.function
def run_graph(fetch):
    with tf.GradientTape() as tape:
        d_loss = tf.square(d_w * g_w - 3.0)
    d_opt.apply_gradients([(tape.gradient(d_loss, d_w), d_w)])
    with tf.GradientTape() as tape:
        g_loss = tf.square(g_w + d_w - 1.0)
    g_opt.apply_gradients([(tape.gradient(g_loss, g_w), g_w)])
    return d_loss if fetch == "d_loss" else g_loss


for step in range(4):
    dl = run_graph("d_loss").numpy()
    print("step", step, "d_loss", f"{dl:.5f}")
    if step % 2 == 1:
        gl = run_graph("g_loss").numpy()
        print("step", step, "g_loss", f"{gl:.5f}")

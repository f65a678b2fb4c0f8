# Two update ops run by separate sess.run calls (each its own function: a function
# runs every update it holds), and a tf.cond whose branch names a tensor built outside it.
import tensorflow as tf

d_w = tf.Variable(1.0, name="d_w")
g_w = tf.Variable(0.5, name="g_w")

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)
optimizer_2 = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function
def run_train_d():
    with tf.GradientTape() as tape:
        d_loss = tf.square(d_w * g_w - 3.0)
    grads = tape.gradient(d_loss, [d_w])
    optimizer.apply_gradients(zip(grads, [d_w]))


@tf.function
def run_train_g():
    with tf.GradientTape() as tape:
        g_loss = tf.square(g_w + d_w - 1.0)
    grads = tape.gradient(g_loss, [g_w])
    optimizer_2.apply_gradients(zip(grads, [g_w]))


@tf.function
def run_d_loss():
    d_loss = tf.square(d_w * g_w - 3.0)
    return d_loss


@tf.function
def run_g_loss():
    g_loss = tf.square(g_w + d_w - 1.0)
    return g_loss


@tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.bool)])
def run_pick(flag):
    bigger = tf.maximum(d_w, g_w)
    pick = tf.cond(flag, lambda: bigger * 2.0, lambda: tf.constant(-1.0))
    return pick


for step in range(4):
    run_train_d()
    if step % 2 == 1:
        run_train_g()
    print(step, round(float(run_d_loss().numpy()), 5), round(float(run_g_loss().numpy()), 5))
print(run_pick(flag=True).numpy(), run_pick(flag=False).numpy())
